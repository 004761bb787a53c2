import "server-only";
import { languageOf } from "@/lib/api/files/language";
import type { ParsedPrompt } from "./directives";
import { ogImagePng } from "./png";
import { hashString, type GeneratedFile } from "./webapp";

/** Where `/image` puts the app's Open Graph card. */
export const OG_IMAGE_PATH = "public/og.png";

/**
 * Files the agent writes besides the app's three (index.html, styles.css, app.js), in this order:
 * - `/image`: `public/og.png`, a real PNG (base64) in the app's hue;
 * - every other existing text file whose path the prompt mentions ("Rewrite notes/todo.md …"): the agent
 *   updates it with a note of the request in the file's comment syntax (files it cannot annotate, like JSON or
 *   binary files, are only read).
 * Locks are applied by the caller (a locked file is planned, then skipped).
 */
export function extraFiles(opts: {
  prompt: ParsedPrompt;
  request: string;
  title: string;
  files: readonly { path: string; content: string; encoding?: "utf8" | "base64" }[];
  appPaths: readonly string[];
}): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  if (opts.prompt.directives.image) {
    out.push({
      path: OG_IMAGE_PATH,
      content: ogImagePng(hashString(opts.title) % 360).toString("base64"),
      encoding: "base64",
      purpose: "Open Graph card (PNG) in the app's colours",
    });
  }
  const skip = new Set([...opts.appPaths, OG_IMAGE_PATH]);
  for (const file of opts.files) {
    if (skip.has(file.path) || file.encoding === "base64" || !mentions(opts.prompt.text, file.path)) continue;
    const content = annotate(file.path, file.content, opts.request);
    if (content !== null)
      out.push({ path: file.path, content, purpose: "updated as the request asks (a note of the request)" });
  }
  return out;
}

/** How likely a path is a project's entry file: a top-level index page first, then any index, then a README. */
function entryRank(path: string): number {
  const name = path.split("/").at(-1)!.toLowerCase();
  if (path.toLowerCase() === "index.html") return 0;
  if (name.startsWith("index.")) return 1;
  if (name.startsWith("readme")) return 2;
  return 3;
}

/**
 * In an imported project (files the agent did not write) a request that names none of them updates its entry file
 * (index.html, another index file, the README, else the first file it can annotate) with a note of the request.
 */
export function entryFileUpdate(
  files: readonly { path: string; content: string; encoding?: "utf8" | "base64" }[],
  request: string,
): GeneratedFile[] {
  const candidates = files
    .filter((f) => f.encoding !== "base64")
    .sort(
      (a, b) =>
        entryRank(a.path) - entryRank(b.path) ||
        a.path.split("/").length - b.path.split("/").length ||
        a.path.localeCompare(b.path),
    );
  for (const file of candidates) {
    const content = annotate(file.path, file.content, request);
    if (content !== null)
      return [
        {
          path: file.path,
          content,
          purpose: "the project's entry file, updated as the request asks (a note of the request)",
        },
      ];
  }
  return [];
}

/** Whether `text` names `path` as a whole word ("see notes/todo.md." yes; "notes/todo.mdx" no). */
export function mentions(text: string, path: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(path, from);
    if (at < 0) return false;
    const before = at === 0 ? "" : text[at - 1]!;
    const after = text[at + path.length] ?? "";
    if (
      !/[\w/.-]/.test(before) &&
      !/[\w/-]/.test(after) &&
      !(after === "." && /\w/.test(text[at + path.length + 1] ?? ""))
    )
      return true;
    from = at + 1;
  }
}

/** The request as one short line that cannot close a comment. */
function noteOf(request: string): string {
  const line = request.replace(/\s+/g, " ").trim().slice(0, 160);
  return `Updated for: ${line}`.replace(/\*\//g, "* /").replace(/-->/g, "-- >");
}

const LINE_COMMENT: Record<string, string> = {
  typescript: "//",
  tsx: "//",
  javascript: "//",
  jsx: "//",
  go: "//",
  rust: "//",
  java: "//",
  kotlin: "//",
  swift: "//",
  c: "//",
  cpp: "//",
  csharp: "//",
  php: "//",
  dart: "//",
  scala: "//",
  zig: "//",
  prisma: "//",
  scss: "//",
  less: "//",
  python: "#",
  ruby: "#",
  shellscript: "#",
  yaml: "#",
  toml: "#",
  dotenv: "#",
  ini: "#",
  properties: "#",
  r: "#",
  elixir: "#",
  graphql: "#",
  dockerfile: "#",
  makefile: "#",
  sql: "--",
  lua: "--",
  haskell: "--",
};

/** The file with a note of the request appended in its comment syntax; null when it has none (JSON, CSV…). */
export function annotate(path: string, content: string, request: string): string | null {
  const lang = languageOf(path);
  const note = noteOf(request);
  const body = content.endsWith("\n") || content === "" ? content : `${content}\n`;
  if (
    lang === "html" ||
    lang === "xml" ||
    lang === "vue" ||
    lang === "svelte" ||
    lang === "astro" ||
    lang === "markdown" ||
    lang === "mdx"
  ) {
    return `${body}<!-- ${note} -->\n`;
  }
  if (lang === "css") return `${body}/* ${note} */\n`;
  if (lang === "text") return `${body}${note}\n`;
  const prefix = LINE_COMMENT[lang];
  return prefix ? `${body}${prefix} ${note}\n` : null;
}
