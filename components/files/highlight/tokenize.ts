import type { HighlighterCore, ThemedToken } from "shiki/core";
import { FILE_LANGS, canHighlight } from "./languages";
import { CODE_THEMES, loadCodeThemes } from "@/components/ui/code-themes";

/**
 * Highlighting of whole files in chunks of lines with shiki 4 (fine-grained core, JavaScript regex engine, the
 * github light and dark themes as CSS variables). Each chunk continues from the previous one's grammar state,
 * so a 3 MB file is tokenized piece by piece and the viewer can show every piece as it arrives. Runs in the
 * highlight worker (off the main thread); the main thread only uses it as a fallback for small files.
 */

/** One highlighted line, flat: `[text, light, dark, text, light, dark, …]` (colours "" when none). */
export type TokenLine = string[];

interface TokenChunk {
  /** Index of the chunk's first line. */
  start: number;
  lines: TokenLine[];
}

/** Lines longer than this are not tokenized (they stay one plain token): minified code would stall. */
const MAX_TOKENIZED_LINE = 3_000;

const THEMES = CODE_THEMES;
const HEX = /^#[0-9a-f]{3,8}$/i;

/** A file's lines as the viewer shows them (LF or CRLF line ends). */
export function splitLines(code: string): string[] {
  const lines = code.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.endsWith("\r")) lines[i] = line.slice(0, -1);
  }
  return lines;
}

export async function createFileHighlighter(): Promise<HighlighterCore> {
  const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
    import("shiki/core"),
    import("shiki/engine/javascript"),
  ]);
  return createHighlighterCore({
    themes: loadCodeThemes(),
    langs: [],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
}

const loaded = new WeakMap<HighlighterCore, Map<string, Promise<boolean>>>();

/** Loads a language's grammar once; false when the language is not one we highlight (or failed to load). */
export function ensureLanguage(highlighter: HighlighterCore, lang: string): Promise<boolean> {
  if (!canHighlight(lang)) return Promise.resolve(false);
  let byLang = loaded.get(highlighter);
  if (!byLang) loaded.set(highlighter, (byLang = new Map()));
  let pending = byLang.get(lang);
  if (!pending) {
    pending = FILE_LANGS[lang]!()
      .then((mod) => highlighter.loadLanguage(mod as Parameters<HighlighterCore["loadLanguage"]>[0]))
      .then(() => {
        // shiki 4.6: the first multi-theme tokenization after a grammar loads colours the first theme with its
        // default colour only; one throw-away pass makes every later one right (tested).
        highlighter.codeToTokens("x", { lang, themes: THEMES, defaultColor: false });
        return true;
      })
      .catch(() => {
        byLang.delete(lang);
        return false;
      });
    byLang.set(lang, pending);
  }
  return pending;
}

function flatten(line: ThemedToken[]): TokenLine {
  const out: TokenLine = [];
  for (const t of line) {
    const style = (t.htmlStyle ?? {}) as Record<string, string>;
    const light = style["--shiki-light"] ?? "";
    const dark = style["--shiki-dark"] ?? "";
    out.push(t.content, HEX.test(light) ? light : "", HEX.test(dark) ? dark : "");
  }
  return out;
}

/**
 * Tokenizes `lines` from the top in chunks: about `targetMs` of work each (the chunk size adapts, between 20
 * and 2,000 lines). The generator yields after each chunk so the caller can post it, yield to its event loop
 * and stop early. `lineTimeLimitMs`: shiki's limit on one line's tokenizing (a pathological line is cut there, not
 * hung on); a test that compares tokens raises it, so a process the machine's load descheduled cuts no line.
 */
export function* tokenizeInChunks(
  highlighter: HighlighterCore,
  lines: readonly string[],
  lang: string,
  opts: { targetMs?: number; firstChunk?: number; lineTimeLimitMs?: number } = {},
): Generator<TokenChunk> {
  const target = opts.targetMs ?? 40;
  let size = opts.firstChunk ?? 60;
  let state: ReturnType<HighlighterCore["codeToTokens"]>["grammarState"];
  for (let start = 0; start < lines.length;) {
    const end = Math.min(lines.length, start + size);
    const begun = performance.now();
    const result = highlighter.codeToTokens(lines.slice(start, end).join("\n"), {
      lang,
      themes: THEMES,
      defaultColor: false,
      tokenizeMaxLineLength: MAX_TOKENIZED_LINE,
      tokenizeTimeLimit: opts.lineTimeLimitMs ?? 500,
      grammarState: state,
    });
    state = result.grammarState;
    const spent = performance.now() - begun;
    const tokens = result.tokens.map(flatten);
    // shiki drops nothing, but keep the line count exact whatever it does with a trailing empty line.
    while (tokens.length < end - start) tokens.push([lines[start + tokens.length] ?? "", "", ""]);
    yield { start, lines: tokens.slice(0, end - start) };
    const perLine = spent / Math.max(1, end - start);
    start = end;
    size = Math.max(20, Math.min(2_000, Math.round(target / Math.max(perLine, 0.001))));
  }
}
