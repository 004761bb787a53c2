"use client";

import type { WorkerRequest, WorkerResponse } from "./protocol";
import type { TokenLine } from "./tokenize";

/**
 * The main thread's side of file highlighting: one shared worker (created on first use) does the tokenizing;
 * the viewer gets the lines chunk by chunk. Without workers (or when the worker fails to start), files up to
 * MAIN_THREAD_MAX_CHARS are highlighted on the main thread in small chunks, each in its own task; larger ones
 * stay plain text.
 */
const MAIN_THREAD_MAX_CHARS = 100_000;

interface HighlightJob {
  onChunk(start: number, lines: TokenLine[]): void;
  onDone(highlighted: boolean): void;
}

let worker: Worker | null = null;
let workerBroken = false;
let nextId = 1;
const jobs = new Map<number, HighlightJob>();

function getWorker(): Worker | null {
  if (workerBroken || typeof Worker === "undefined") return null;
  if (worker) return worker;
  try {
    worker = new Worker(new URL("./highlight.worker.ts", import.meta.url));
  } catch {
    workerBroken = true;
    return null;
  }
  worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
    const message = event.data;
    const job = jobs.get(message.id);
    if (!job) return;
    if (message.type === "chunk") job.onChunk(message.start, message.lines);
    else {
      jobs.delete(message.id);
      job.onDone(message.type === "done" && message.highlighted);
    }
  };
  worker.onerror = () => {
    // The worker could not load (or crashed): finish what was asked without colours, fall back next time.
    workerBroken = true;
    worker?.terminate();
    worker = null;
    for (const [id, job] of jobs) {
      jobs.delete(id);
      job.onDone(false);
    }
  };
  return worker;
}

async function onMainThread(code: string, lang: string, job: HighlightJob, cancelled: () => boolean) {
  const { createFileHighlighter, ensureLanguage, splitLines, tokenizeInChunks } = await import("./tokenize");
  const h = await (mainHighlighter ??= createFileHighlighter());
  if (cancelled()) return;
  if (!(await ensureLanguage(h, lang))) return job.onDone(false);
  for (const chunk of tokenizeInChunks(h, splitLines(code), lang, { targetMs: 25, firstChunk: 40 })) {
    if (cancelled()) return;
    job.onChunk(chunk.start, chunk.lines);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (!cancelled()) job.onDone(true);
}
let mainHighlighter: ReturnType<typeof import("./tokenize").createFileHighlighter> | null = null;

/** Starts highlighting `code`; returns a function that cancels it. */
export function highlightFile(code: string, lang: string, job: HighlightJob): () => void {
  const id = nextId++;
  const w = getWorker();
  if (w) {
    jobs.set(id, job);
    w.postMessage({ type: "highlight", id, code, lang } satisfies WorkerRequest);
    return () => {
      if (jobs.delete(id)) w.postMessage({ type: "cancel", id } satisfies WorkerRequest);
    };
  }
  if (code.length > MAIN_THREAD_MAX_CHARS) {
    job.onDone(false);
    return () => {};
  }
  let cancelled = false;
  onMainThread(code, lang, job, () => cancelled).catch(() => {
    if (!cancelled) job.onDone(false);
  });
  return () => {
    cancelled = true;
  };
}
