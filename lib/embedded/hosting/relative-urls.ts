import "server-only";
import type { SandboxFile } from "../sandbox/types";

/**
 * A built site is published under `…/hosting/{id}/`, not at an origin's root, so a page's root-absolute URLs
 * (`/assets/index-abc.js`, what Vite writes with its default `base: '/'`) would ask the origin's root for them. In the
 * build's output (docs/app-runtime.md "Deployments"), the HTML pages' `src`/`href` attributes and the style sheets'
 * `url(…)` that name, from the root, a file of the output itself are made relative to the file they are in
 * (`./assets/index-abc.js`, `../assets/font.woff`). Anything else is left as it is: `//host/…`, absolute URLs, paths no
 * file of the output has (a server route the site expects), and URLs inside scripts.
 */

const HTML_ATTRIBUTE = /(\s(?:src|href)\s*=\s*)(["'])\/(?!\/)([^"'?#]*)([^"']*)\2/gi;
const CSS_URL = /(url\(\s*)(["']?)\/(?!\/)([^"'?#)]*)([^"')]*)\2(\s*\))/gi;

/** `target` (a path of the output, no leading slash) as seen from the folder of `from`. */
function relative(from: string, target: string): string {
  const depth = from.split("/").length - 1;
  return depth === 0 ? `./${target}` : `${"../".repeat(depth)}${target}`;
}

/** Whether `path` (as asked, no leading slash) is served by a file of the output (a folder: its index.html). */
function served(paths: ReadonlySet<string>, path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  if (decoded === "" || decoded.endsWith("/")) return paths.has(`${decoded}index.html`);
  return paths.has(decoded);
}

function textOf(content: string | Uint8Array): string | null {
  if (typeof content === "string") return content;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(content);
  } catch {
    return null;
  }
}

/** The output with its pages' and style sheets' root-absolute URLs of its own files made relative. */
export function relativeRootUrls(files: readonly SandboxFile[]): SandboxFile[] {
  const paths = new Set(files.map((f) => f.path));
  return files.map((file) => {
    const kind = /\.html?$/i.test(file.path) ? "html" : /\.css$/i.test(file.path) ? "css" : null;
    if (!kind) return file;
    const text = textOf(file.content);
    if (text === null) return file;
    const rewritten =
      kind === "html"
        ? text.replace(HTML_ATTRIBUTE, (whole, before: string, quote: string, path: string, rest: string) =>
            served(paths, path) ? `${before}${quote}${relative(file.path, path)}${rest}${quote}` : whole,
          )
        : text.replace(CSS_URL, (whole, before: string, quote: string, path: string, rest: string, after: string) =>
            served(paths, path) ? `${before}${quote}${relative(file.path, path)}${rest}${quote}${after}` : whole,
          );
    return rewritten === text ? file : { path: file.path, content: rewritten };
  });
}
