/**
 * A small ANSI terminal-output parser: SGR colour and style codes become styled segments, every other escape
 * or control sequence is dropped. The result is plain data rendered as React text (never HTML).
 */

export interface AnsiStyle {
  /** A Tailwind class for a basic/bright colour, or an `rgb(…)` for 256-colour and true-colour codes. */
  fg?: string;
  bg?: string;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
}

export interface AnsiSegment extends AnsiStyle {
  text: string;
}

/** Foreground classes of the 16 basic colours, readable on the terminal's dark background. */
const FG = [
  "text-slate-500",
  "text-red-400",
  "text-green-400",
  "text-yellow-300",
  "text-blue-400",
  "text-fuchsia-400",
  "text-cyan-400",
  "text-slate-200",
  "text-slate-400",
  "text-red-300",
  "text-green-300",
  "text-yellow-200",
  "text-blue-300",
  "text-fuchsia-300",
  "text-cyan-300",
  "text-white",
] as const;

const BG = [
  "bg-slate-800",
  "bg-red-900",
  "bg-green-900",
  "bg-yellow-900",
  "bg-blue-900",
  "bg-fuchsia-900",
  "bg-cyan-900",
  "bg-slate-300",
  "bg-slate-700",
  "bg-red-800",
  "bg-green-800",
  "bg-yellow-800",
  "bg-blue-800",
  "bg-fuchsia-800",
  "bg-cyan-800",
  "bg-slate-100",
] as const;

/** CSI (`ESC [ … final`), OSC (`ESC ] … BEL|ESC \`), other two-byte escapes, 8-bit CSI, and stray control bytes. */
// eslint-disable-next-line no-control-regex
const SEQUENCE = /\u001b\[([0-9;:?<=>]*)[ -/]*([@-~])|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]?|\u009b[0-9;]*[@-~]|[\u0000-\u0008\u000b\u000c\u000e-\u001a\u001c-\u001f\u007f]/g;

const byte = (n: number | undefined) => Math.max(0, Math.min(255, Math.trunc(n ?? 0)));

/** The 256-colour palette entry `n` as a basic class (0–15) or an rgb() string. */
function color256(n: number, classes: readonly string[]): string {
  if (n < 16) return classes[n]!;
  if (n < 232) {
    const v = [0, 95, 135, 175, 215, 255];
    const i = n - 16;
    return `rgb(${v[Math.floor(i / 36)]}, ${v[Math.floor(i / 6) % 6]}, ${v[i % 6]})`;
  }
  const g = 8 + (n - 232) * 10;
  return `rgb(${g}, ${g}, ${g})`;
}

function applySgr(style: AnsiStyle, params: string): AnsiStyle {
  const codes = params === "" ? [0] : params.split(/[;:]/).map((p) => (p === "" ? 0 : Number(p)));
  let next: AnsiStyle = { ...style };
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i]!;
    if (c === 0) next = {};
    else if (c === 1) next.bold = true;
    else if (c === 2) next.dim = true;
    else if (c === 3) next.italic = true;
    else if (c === 4) next.underline = true;
    else if (c === 22) next.bold = next.dim = undefined;
    else if (c === 23) next.italic = undefined;
    else if (c === 24) next.underline = undefined;
    else if (c >= 30 && c <= 37) next.fg = FG[c - 30];
    else if (c >= 90 && c <= 97) next.fg = FG[c - 90 + 8];
    else if (c === 39) next.fg = undefined;
    else if (c >= 40 && c <= 47) next.bg = BG[c - 40];
    else if (c >= 100 && c <= 107) next.bg = BG[c - 100 + 8];
    else if (c === 49) next.bg = undefined;
    else if (c === 38 || c === 48) {
      const key = c === 38 ? "fg" : "bg";
      if (codes[i + 1] === 5) {
        next[key] = color256(byte(codes[i + 2]), c === 38 ? FG : BG);
        i += 2;
      } else if (codes[i + 1] === 2) {
        next[key] = `rgb(${byte(codes[i + 2])}, ${byte(codes[i + 3])}, ${byte(codes[i + 4])})`;
        i += 4;
      }
    }
  }
  return next;
}

/** Lines rewritten with a carriage return (progress bars) keep only what was written last. */
function resolveCarriageReturns(text: string): string {
  if (!text.includes("\r")) return text;
  return text
    .replace(/\r\n/g, "\n")
    .split("\n")
    .map((line) => {
      const parts = line.split("\r").filter((p) => p !== "");
      return parts.at(-1) ?? "";
    })
    .join("\n");
}

/** Splits terminal output into styled segments (adjacent text of the same style is one segment). */
export function parseAnsi(input: string): AnsiSegment[] {
  const text = resolveCarriageReturns(input);
  const segments: AnsiSegment[] = [];
  let style: AnsiStyle = {};
  let last = 0;
  const push = (chunk: string) => {
    if (!chunk) return;
    const prev = segments.at(-1);
    if (prev && sameStyle(prev, style)) prev.text += chunk;
    else segments.push({ ...style, text: chunk });
  };
  for (const match of text.matchAll(SEQUENCE)) {
    push(text.slice(last, match.index));
    last = match.index + match[0].length;
    if (match[2] === "m") style = applySgr(style, match[1] ?? "");
  }
  push(text.slice(last));
  return segments;
}

/** The output's plain text: every escape and control sequence removed. */
export function stripAnsi(input: string): string {
  return parseAnsi(input)
    .map((s) => s.text)
    .join("");
}

function sameStyle(a: AnsiStyle, b: AnsiStyle): boolean {
  return a.fg === b.fg && a.bg === b.bg && !!a.bold === !!b.bold && !!a.dim === !!b.dim && !!a.italic === !!b.italic && !!a.underline === !!b.underline;
}
