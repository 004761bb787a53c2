import type { TokenLine } from "./tokenize";

/** Messages between the viewer and the highlight worker. */
export type WorkerRequest =
  { type: "highlight"; id: number; code: string; lang: string } | { type: "cancel"; id: number };

export type WorkerResponse =
  | { type: "chunk"; id: number; start: number; lines: TokenLine[] }
  | { type: "done"; id: number; highlighted: boolean }
  | { type: "error"; id: number; message: string };
