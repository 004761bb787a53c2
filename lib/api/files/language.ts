/**
 * What a chat file is, by its path: the shiki language id for highlighting, whether it is an image, and its
 * MIME type (for downloads and `data:` URLs of base64 images: content-types.ts). Pure and isomorphic.
 */
import { contentTypeOfPath } from "./content-types";
import { baseName, extensionOf } from "./path-name";

/** shiki's plain-text language (no grammar is loaded for it). */
export const PLAIN_TEXT = "text";

const BY_EXTENSION: Readonly<Record<string, string>> = {
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "tsx",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "jsx",
  json: "json",
  jsonc: "jsonc",
  json5: "json5",
  map: "json",
  webmanifest: "json",
  html: "html",
  htm: "html",
  css: "css",
  scss: "scss",
  sass: "sass",
  less: "less",
  md: "markdown",
  markdown: "markdown",
  mdx: "mdx",
  yml: "yaml",
  yaml: "yaml",
  toml: "toml",
  ini: "ini",
  properties: "properties",
  sh: "shellscript",
  bash: "shellscript",
  zsh: "shellscript",
  py: "python",
  rb: "ruby",
  go: "go",
  rs: "rust",
  java: "java",
  kt: "kotlin",
  swift: "swift",
  c: "c",
  h: "c",
  cpp: "cpp",
  cc: "cpp",
  hpp: "cpp",
  cs: "csharp",
  php: "php",
  lua: "lua",
  r: "r",
  dart: "dart",
  ex: "elixir",
  exs: "elixir",
  hs: "haskell",
  scala: "scala",
  zig: "zig",
  sql: "sql",
  prisma: "prisma",
  graphql: "graphql",
  gql: "graphql",
  xml: "xml",
  svg: "xml",
  vue: "vue",
  svelte: "svelte",
  astro: "astro",
  diff: "diff",
  patch: "diff",
  csv: "csv",
  log: "log",
  env: "dotenv",
};

/** Whole file names that say their language (checked before the extension). */
const BY_NAME: Readonly<Record<string, string>> = {
  dockerfile: "dockerfile",
  makefile: "makefile",
  ".env": "dotenv",
  ".gitignore": "ini",
  ".npmrc": "ini",
  ".editorconfig": "ini",
  ".prettierrc": "json",
  ".eslintrc": "json",
  "tsconfig.json": "jsonc",
  "jsconfig.json": "jsonc",
};

/**
 * The shiki language id for a path (a key of shiki's `bundledLanguages`), or `"text"` when unknown.
 * `.env.local` and `.env.production` are dotenv; `Dockerfile.dev` is a Dockerfile.
 */
export function languageOf(path: string): string {
  const name = baseName(path).toLowerCase();
  const byName = BY_NAME[name];
  if (byName) return byName;
  if (name.startsWith(".env.")) return "dotenv";
  if (name.startsWith("dockerfile.")) return "dockerfile";
  return BY_EXTENSION[extensionOf(path)] ?? PLAIN_TEXT;
}

/** The MIME type of a path; `text/plain` for unknown text, `application/octet-stream` for unknown binary. */
export function mimeTypeOf(path: string, encoding: "utf8" | "base64" = "utf8"): string {
  return contentTypeOfPath(path) ?? (encoding === "base64" ? "application/octet-stream" : "text/plain");
}

/** How the viewer shows a file: highlighted text, an image, or a download of other binary content. */
type FileKind = "text" | "image" | "binary";

/**
 * `base64` files with an image extension are images (`data:<mime>;base64,<content>`); other `base64` files are
 * binary (offer a download). `utf8` files are text, SVG included (shown as code; it may hold scripts).
 */
export function fileKindOf(file: { path: string; encoding: "utf8" | "base64" }): FileKind {
  if (file.encoding === "utf8") return "text";
  return contentTypeOfPath(file.path)?.startsWith("image/") ? "image" : "binary";
}

/** A `data:` URL of a base64 image file (for `<img src>`); null when the file is not an image. */
export function imageDataUrl(file: { path: string; content: string; encoding: "utf8" | "base64" }): string | null {
  if (fileKindOf(file) !== "image") return null;
  return `data:${mimeTypeOf(file.path, "base64")};base64,${file.content.replace(/\s+/g, "")}`;
}
