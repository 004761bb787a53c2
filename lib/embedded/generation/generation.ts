import "server-only";
import type { Part } from "@/lib/api";
import type { ChatRow, MessageRow } from "../store";

/** What a running generation reports, in order: title?, parts*, error?, finished (always last). */
export type GenerationEvent =
  | { type: "title"; chatId: string; title: string }
  | { type: "parts"; messageId: string; parts: readonly Part[] }
  | { type: "error"; messageId: string; message: string; code?: string }
  | { type: "finished"; message: MessageRow; chat: ChatRow };

export type GenerationListener = (event: GenerationEvent) => void;

export interface GenerationResult {
  message: MessageRow;
  chat: ChatRow;
}

/**
 * One assistant message being generated. It runs detached from any HTTP request: listeners (a stream)
 * may come and go; `done` settles when the message is finished and persisted.
 */
export class Generation {
  private readonly listeners = new Set<GenerationListener>();
  readonly done: Promise<GenerationResult>;
  private settle!: { resolve: (r: GenerationResult) => void; reject: (e: unknown) => void };
  private stopRequested = false;
  private shuttingDown = false;
  private readonly aborter = new AbortController();
  private latestParts: readonly Part[] = [];
  private finishedWith: GenerationResult | null = null;

  constructor(
    readonly chatId: string,
    readonly messageId: string,
  ) {
    this.done = new Promise<GenerationResult>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // A failed generation with nobody awaiting it must not become an unhandled rejection.
    this.done.catch(() => {});
  }

  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: GenerationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  unsubscribe(listener: GenerationListener): void {
    this.listeners.delete(listener);
  }

  emit(event: GenerationEvent): void {
    if (event.type === "parts") this.latestParts = event.parts;
    if (event.type === "finished") {
      this.latestParts = event.message.parts;
      this.finishedWith = { message: event.message, chat: event.chat };
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        // A broken listener (e.g. a closed stream) must not stop the generation.
        this.listeners.delete(listener);
        console.error("[embedded] generation listener failed", error);
      }
    }
  }

  /**
   * Asks the generation to end at its next step; the message keeps its parts. `user`: POST …/messages/{messageId}/stop
   * (finishes "stop"); `shutdown`: the service is stopping (finishes "error", code service_shutdown).
   */
  stop(reason: "user" | "shutdown" = "user"): void {
    this.stopRequested = true;
    if (reason === "shutdown") this.shuttingDown = true;
    this.aborter.abort();
  }

  /** Stopped because the service is shutting down (the message ends as an error the user can retry). */
  get stoppedByShutdown(): boolean {
    return this.shuttingDown;
  }

  get stopped(): boolean {
    return this.stopRequested;
  }

  /** Aborted by `stop()` (the model-backed agent aborts its model call with it). */
  get stopSignal(): AbortSignal {
    return this.aborter.signal;
  }

  /** The message's parts as last emitted (a resumed stream starts from them). */
  get parts(): readonly Part[] {
    return this.latestParts;
  }

  /** The finished message and chat, once `finished` was emitted. */
  get finished(): GenerationResult | null {
    return this.finishedWith;
  }

  resolve(result: GenerationResult): void {
    this.settle.resolve(result);
  }

  reject(error: unknown): void {
    this.settle.reject(error);
  }
}
