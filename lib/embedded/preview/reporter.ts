import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { REPORTER_MINIFIED } from "./reporter-script.min";

/**
 * The reporter: a small script of ours put first in every HTML page the preview and the hosting serve, which tells the
 * window that frames the page what goes wrong inside it (errors, console, failed loads, navigation) and runs "Select
 * element". Its source, and what it does: reporter-script.ts; served minified (reporter-script.min.ts, written by
 * `npm run build:reporter`), on one line so that it moves no line of the page (tests measure it: under 3 KB).
 */
export const REPORTER_SOURCE = REPORTER_MINIFIED;

/** The `sha256-…` of an inline event handler attribute, for `'unsafe-hashes'`. */
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * Puts the reporter, nonce'd, first in the page (after `<head>`, else after `<html>` or the doctype, else at the
 * start) and returns it with the `script-src` that lets it run: the nonce is new for every response. The page's own
 * inline scripts get the same nonce (a nonce turns `'unsafe-inline'` off, and they are the app's, not injected by a
 * visitor: the preview serves stored files only), its inline event handlers are allowed by their hashes, and its
 * external scripts load from anywhere (as before).
 */
export function withReporter(html: string): { html: string; scriptSrc: string } {
  const nonce = randomBytes(16).toString("base64");
  const tag = `<script nonce="${nonce}">${REPORTER_SOURCE}</script>`;
  const stamped = html
    .replace(/<script\b(?![^>]*\bsrc\s*=)([^>]*)>/gi, (_m, attrs: string) =>
      /\bnonce\s*=/i.test(attrs) ? `<script${attrs}>` : `<script nonce="${nonce}"${attrs}>`,
    )
    // The page's own scripts (a relative src) load in CORS mode, so that their errors reach the reporter in full:
    // the sandboxed page has an opaque origin, and a script from any other origin reports only "Script error.".
    .replace(
      /<script\b(?=[^>]*\bsrc\s*=\s*(?!["']?(?:[a-z][a-z0-9+.-]*:|\/\/)))(?![^>]*\bcrossorigin\b)/gi,
      "<script crossorigin",
    );
  const at =
    /<head\b[^>]*>/i.exec(stamped) ?? /<html\b[^>]*>/i.exec(stamped) ?? /<!doctype[^>]*>/i.exec(stamped) ?? null;
  const cut = at ? at.index + at[0].length : 0;
  const out = `${stamped.slice(0, cut)}${tag}${stamped.slice(cut)}`;
  const handlers = new Set<string>();
  for (const m of html.matchAll(/\son[a-z]+\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) handlers.add(m[1] ?? m[2] ?? "");
  const hashes = [...handlers].slice(0, 200).map(sha256);
  const scriptSrc = [
    "script-src",
    `'nonce-${nonce}'`,
    ...(hashes.length ? ["'unsafe-hashes'", ...hashes] : []),
    "'unsafe-eval'",
    "'self'",
    "https:",
    "http:",
    "blob:",
    "data:",
  ].join(" ");
  return { html: out, scriptSrc };
}
