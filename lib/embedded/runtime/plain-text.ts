import "server-only";

/**
 * A terminal's control sequences: CSI (colours, cursor moves, `ESC [ … final`), OSC (titles, links, `ESC ] … BEL` or
 * `ESC ] … ESC \`) and the two-byte escapes (`ESC c`, `ESC 7`). Dev servers and builds print them because the sandbox says `CI=1` (and
 * some whatever the terminal): Vite's banner arrives as `ESC[32mESC[1mVITEESC[22m v7…`.
 */
const CONTROL = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[0-~]/g;

/**
 * An app's install, server or build output as the log keeps it: plain text, the control sequences taken out (the
 * Logs view, the state page, a deployment's log and the message Fix with agent sends show text, not a terminal). A
 * sequence split between two pieces of output keeps its halves.
 */
export function plainText(output: string): string {
  return output.includes("\u001b") ? output.replace(CONTROL, "") : output;
}
