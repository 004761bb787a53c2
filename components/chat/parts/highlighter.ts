import type { HighlighterCore, ThemedToken } from "shiki/core";
import { CODE_THEMES, loadCodeThemes } from "@/components/ui/code-themes";

/**
 * Syntax highlighting with shiki 4, loaded lazily on the client: the fine-grained core with the JavaScript
 * regex engine (no WebAssembly), two themes (light/dark as CSS variables) and a language only when a code
 * fence first asks for it. Nothing here is imported until a code block renders.
 */

type LangModule = () => Promise<unknown>;

const LANGS: Record<string, LangModule> = {
  javascript: () => import("shiki/langs/javascript.mjs"),
  typescript: () => import("shiki/langs/typescript.mjs"),
  jsx: () => import("shiki/langs/jsx.mjs"),
  tsx: () => import("shiki/langs/tsx.mjs"),
  json: () => import("shiki/langs/json.mjs"),
  html: () => import("shiki/langs/html.mjs"),
  css: () => import("shiki/langs/css.mjs"),
  shellscript: () => import("shiki/langs/shellscript.mjs"),
  python: () => import("shiki/langs/python.mjs"),
  yaml: () => import("shiki/langs/yaml.mjs"),
  sql: () => import("shiki/langs/sql.mjs"),
  diff: () => import("shiki/langs/diff.mjs"),
  markdown: () => import("shiki/langs/markdown.mjs"),
};

const ALIASES: Record<string, string> = {
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  ts: "typescript",
  mts: "typescript",
  sh: "shellscript",
  bash: "shellscript",
  shell: "shellscript",
  zsh: "shellscript",
  console: "shellscript",
  py: "python",
  yml: "yaml",
  md: "markdown",
  htm: "html",
  jsonc: "json",
};

/** Longer code stays plain: highlighting it could hold the main thread. */
const MAX_HIGHLIGHT_CHARS = 30_000;

/** The shiki language id for a fence's info string, or null when it is not one we highlight. */
export function resolveLang(lang: string | undefined): string | null {
  if (!lang) return null;
  const id = lang.toLowerCase();
  const resolved = ALIASES[id] ?? id;
  return Object.hasOwn(LANGS, resolved) ? resolved : null;
}

let core: Promise<HighlighterCore> | null = null;
const loading = new Map<string, Promise<void>>();

function getCore(): Promise<HighlighterCore> {
  core ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([
      import("shiki/core"),
      import("shiki/engine/javascript"),
    ]);
    return createHighlighterCore({
      themes: loadCodeThemes(),
      langs: [],
      engine: createJavaScriptRegexEngine({ forgiving: true }),
    });
  })();
  core.catch(() => {
    core = null;
  });
  return core;
}

async function withLang(lang: string): Promise<HighlighterCore> {
  const highlighter = await getCore();
  let pending = loading.get(lang);
  if (!pending) {
    pending = LANGS[lang]!().then((mod) =>
      highlighter.loadLanguage(mod as Parameters<HighlighterCore["loadLanguage"]>[0]),
    );
    pending.catch(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  await pending;
  return highlighter;
}

/** One token: its text and its colours in the light and dark theme. */
export interface CodeToken {
  content: string;
  light?: string;
  dark?: string;
}

const HEX = /^#[0-9a-f]{3,8}$/i;

function toToken(t: ThemedToken): CodeToken {
  const style = (t.htmlStyle ?? {}) as Record<string, string>;
  const light = style["--shiki-light"];
  const dark = style["--shiki-dark"];
  return {
    content: t.content,
    light: light && HEX.test(light) ? light : undefined,
    dark: dark && HEX.test(dark) ? dark : undefined,
  };
}

/** The code's tokens line by line, or null when the language is not highlighted or the code is too long. */
export async function highlightCode(code: string, lang: string | undefined): Promise<CodeToken[][] | null> {
  const id = resolveLang(lang);
  if (!id || code.length > MAX_HIGHLIGHT_CHARS) return null;
  const highlighter = await withLang(id);
  const { tokens } = highlighter.codeToTokens(code, { lang: id, themes: CODE_THEMES, defaultColor: false });
  return tokens.map((line) => line.map(toToken));
}
