import Anser from "anser";

/**
 * ANSI terminal output as styled segments: anser reads the SGR colour and style codes, every other escape or
 * control sequence is dropped first. The result is plain data rendered as React text (never HTML).
 */

interface AnsiStyle {
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

/**
 * Every escape or control sequence that is not SGR (`ESC [ … m`): CSI with another final byte, OSC (`ESC ] … BEL|ESC \\`),
 * other two-byte escapes, 8-bit CSI, and stray control bytes. Removed before anser reads the colours.
 */
const NOT_SGR =
  /\u001b\[[0-9;:?<=>]*[ -/]*(?!m)[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b(?!\[)[@-Z\\-_]?|\u009b[0-9;]*[@-~]|[\u0000-\u0008\u000b\u000c\u000e-\u001a\u001c-\u001f\u007f]/g;

const NAMES = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"];

/** anser's class for a basic or bright colour → its index 0–15. */
function basicIndex(cls: string): number | undefined {
  const bright = cls.startsWith("ansi-bright-");
  const i = NAMES.indexOf(cls.slice(bright ? "ansi-bright-".length : "ansi-".length));
  return i < 0 ? undefined : i + (bright ? 8 : 0);
}

/** An `r, g, b` triple as rgb(), built from numbers only (clamped), or undefined. */
function rgb(triple: string | null | undefined): string | undefined {
  const n = triple?.split(",").map((v) => Math.max(0, Math.min(255, Math.trunc(Number(v)))));
  return n && n.length === 3 && n.every(Number.isFinite) ? `rgb(${n[0]}, ${n[1]}, ${n[2]})` : undefined;
}

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

/** One of anser's colours (a class, or `ansi-truecolor` with its triple) as ours. */
function colour(cls: string | null, truecolor: string | null, classes: readonly string[]): string | undefined {
  if (!cls) return undefined;
  if (cls === "ansi-truecolor") return rgb(truecolor);
  const palette = /^ansi-palette-(\d+)$/.exec(cls);
  if (palette) return color256(Math.min(255, Number(palette[1])), classes);
  const i = basicIndex(cls);
  return i === undefined ? undefined : classes[i];
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
  const text = resolveCarriageReturns(input).replace(NOT_SGR, "");
  const segments: AnsiSegment[] = [];
  for (const entry of Anser.ansiToJson(text, { json: true, remove_empty: true, use_classes: true })) {
    if (!entry.content) continue;
    const style: AnsiStyle = {};
    const fg = colour(entry.fg, entry.fg_truecolor, FG);
    const bg = colour(entry.bg, entry.bg_truecolor, BG);
    if (fg) style.fg = fg;
    if (bg) style.bg = bg;
    for (const d of entry.decorations) {
      if (d === "bold" || d === "dim" || d === "italic" || d === "underline") style[d] = true;
    }
    const prev = segments.at(-1);
    if (prev && sameStyle(prev, style)) prev.text += entry.content;
    else segments.push({ ...style, text: entry.content });
  }
  return segments;
}

/** The output's plain text: every escape and control sequence removed. */
export function stripAnsi(input: string): string {
  return parseAnsi(input)
    .map((s) => s.text)
    .join("");
}

function sameStyle(a: AnsiStyle, b: AnsiStyle): boolean {
  return (
    a.fg === b.fg &&
    a.bg === b.bg &&
    !!a.bold === !!b.bold &&
    !!a.dim === !!b.dim &&
    !!a.italic === !!b.italic &&
    !!a.underline === !!b.underline
  );
}
