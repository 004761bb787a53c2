/**
 * The preview reporter's minification (lib/embedded/preview/reporter-script.ts → reporter-script.min.ts): esbuild
 * bundles the function with a call to it into one minified expression. Shared by scripts/build-reporter.ts, which
 * writes the file, and lib/embedded/preview/reporter-script.test.ts, which checks that the file is up to date.
 */
import { build } from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";

const preview = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "lib", "embedded", "preview");

/** Where the minified script is kept. */
export const MINIFIED_FILE = path.join(preview, "reporter-script.min.ts");

/** The reporter's source minified: one line, ready to go between `<script>` tags. */
export async function minifyReporter(): Promise<string> {
  const result = await build({
    stdin: {
      contents: 'import { previewReporter } from "./reporter-script";\npreviewReporter();\n',
      resolveDir: preview,
      loader: "ts",
      sourcefile: "reporter-entry.ts",
    },
    bundle: true,
    minify: true,
    format: "iife",
    // The browsers Next itself supports: the page it is put in may be anyone's app.
    target: ["chrome111", "edge111", "firefox111", "safari16.4"],
    legalComments: "none",
    write: false,
  });
  return result.outputFiles[0]!.text.trim();
}
