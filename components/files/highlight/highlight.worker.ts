import type { HighlighterCore } from "shiki/core";
import { createFileHighlighter, ensureLanguage, splitLines, tokenizeInChunks } from "./tokenize";
import type { WorkerRequest, WorkerResponse } from "./protocol";

/**
 * The highlight worker: tokenizes files off the main thread and posts them back chunk by chunk. One job at a
 * time; a new request (or a cancel) stops the current one between chunks.
 */
interface WorkerScope {
  postMessage(message: WorkerResponse): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;
let highlighter: Promise<HighlighterCore> | null = null;
let current = 0;

const post = (message: WorkerResponse) => scope.postMessage(message);
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function run(id: number, code: string, lang: string) {
  try {
    highlighter ??= createFileHighlighter();
    const h = await highlighter;
    if (current !== id) return;
    if (!(await ensureLanguage(h, lang))) {
      post({ type: "done", id, highlighted: false });
      return;
    }
    const lines = splitLines(code);
    for (const chunk of tokenizeInChunks(h, lines, lang)) {
      if (current !== id) return;
      post({ type: "chunk", id, start: chunk.start, lines: chunk.lines });
      await nextTurn();
    }
    if (current === id) post({ type: "done", id, highlighted: true });
  } catch (error) {
    highlighter = null;
    post({ type: "error", id, message: error instanceof Error ? error.message : String(error) });
  }
}

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const message = event.data;
  if (message.type === "cancel") {
    if (current === message.id) current = 0;
    return;
  }
  current = message.id;
  void run(message.id, message.code, message.lang);
};
