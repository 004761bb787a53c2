import { extensionOf } from "./path-name";

/**
 * The one table of content types by file extension, for everything that names a file's type: the dashboard's
 * downloads and image views (language.ts), the files the embedded service's previews and published sites serve, and
 * attachments sent without a type. Where extensions share a type the first one names it (extensionOfContentType:
 * `image/jpeg` is `.jpg`, `text/plain` is `.txt`). TypeScript is plain text here, not `video/mp2t`.
 */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  html: "text/html",
  htm: "text/html",
  css: "text/css",
  js: "text/javascript",
  mjs: "text/javascript",
  json: "application/json",
  map: "application/json",
  txt: "text/plain",
  ts: "text/plain",
  md: "text/markdown",
  csv: "text/csv",
  xml: "application/xml",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  ico: "image/x-icon",
  bmp: "image/bmp",
  pdf: "application/pdf",
  zip: "application/zip",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  wasm: "application/wasm",
};

/** The content type of a path by its extension (case-insensitive); undefined when the table does not know it. */
export function contentTypeOfPath(path: string): string | undefined {
  return BY_EXTENSION[extensionOf(path)];
}

/** The extension that names a content type (without the dot), or undefined. */
export function extensionOfContentType(type: string): string | undefined {
  return Object.entries(BY_EXTENSION).find(([, t]) => t === type)?.[0];
}

/** A text type as a server sends it: `; charset=utf-8` added to `text/*`, JSON and XML (the files are stored as UTF-8). */
export function withUtf8Charset(type: string): string {
  return /^(text\/|application\/(json|xml)$)/.test(type) ? `${type}; charset=utf-8` : type;
}
