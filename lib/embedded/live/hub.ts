import "server-only";
import type { Listening } from "@/lib/db/notify";
import { parseIds, PROGRESS_CHANNEL, STOP_CHANNEL } from "./channels";

type Handler = () => void;

/**
 * One subscription per channel for the whole service, fanned out in-process: readers watch a message's progress
 * (whichever instance generates it), and the instance running a generation hears requests to stop it.
 */
export class LiveHub {
  private readonly watchers = new Map<string, Set<Handler>>();
  private readonly stops = new Set<(chatId: string, messageId: string) => void>();
  private readonly ready: Promise<Array<() => Promise<void>>>;

  constructor(listening: Listening) {
    this.ready = Promise.all([
      listening.listen(PROGRESS_CHANNEL, (payload) => {
        const ids = parseIds(payload);
        if (ids) for (const handler of [...(this.watchers.get(ids.messageId) ?? [])]) handler();
      }),
      listening.listen(STOP_CHANNEL, (payload) => {
        const ids = parseIds(payload);
        if (ids) for (const handler of [...this.stops]) handler(ids.chatId, ids.messageId);
      }),
    ]);
    this.ready.catch((error: unknown) => console.error("[embedded] cannot hear other instances", error));
  }

  /** Resolves once the subscriptions are in place (a reader subscribes before it reads the state). */
  async started(): Promise<void> {
    await this.ready.catch(() => {});
  }

  /** Calls `handler` whenever the message's progress is announced; returns the function that stops it. */
  watch(messageId: string, handler: Handler): () => void {
    let set = this.watchers.get(messageId);
    if (!set) this.watchers.set(messageId, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (!set.size) this.watchers.delete(messageId);
    };
  }

  /** Calls `handler` for every request to stop a generation (the instance that runs it acts). */
  onStopRequest(handler: (chatId: string, messageId: string) => void): () => void {
    this.stops.add(handler);
    return () => this.stops.delete(handler);
  }

  async close(): Promise<void> {
    const unlisten = await this.ready.catch(() => []);
    await Promise.allSettled(unlisten.map((stop) => stop()));
  }
}
