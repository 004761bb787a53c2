import "server-only";
import type { EmitEvent } from "../events";
import { announceProgress } from "../live/channels";
import { type Db } from "../store";
import * as messagesStore from "../messages/store";
import * as versionsStore from "../files/store-versions";
import * as leases from "./store";

/** Chats recovered per round (the rest on the next). */
const BATCH = 50;

/**
 * Closes the work of generations that are gone. A lease whose owner stopped renewing it (crashed, killed, stalled
 * beyond the lease) is expired: any instance ends its message as an error (open parts closed, its pending version
 * failed, `message.finished` recorded in the same transaction) and clears the lease. On a PGlite directory (one
 * process, locked) every lease found at start is a previous run's, live or not.
 */
export class Recovery {
  private timer: ReturnType<typeof setInterval> | null = null;
  private round: Promise<void> = Promise.resolve();

  constructor(
    private readonly opts: {
      db: Db;
      emit: EmitEvent;
      /** How often to look for expired leases. */
      everyMs: number;
    },
  ) {}

  /** Recovers now (`all`: every lease, at the start of a PGlite directory's only process); then on a timer. */
  async start(all: boolean): Promise<void> {
    await this.run(all);
    await this.unleased();
    this.timer = setInterval(() => {
      this.round = this.round
        .then(async () => {
          await this.run(false);
        })
        .catch((error: unknown) => console.error("[embedded] recovery round failed", error));
    }, this.opts.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round;
  }

  /** One round: every chat with an expired lease (or any lease when `all`). */
  async run(all = false): Promise<number> {
    let closed = 0;
    for (;;) {
      const chatIds = await leases.expiredLeases(this.opts.db, BATCH, all);
      for (const chatId of chatIds) if (await this.recoverChat(chatId, all)) closed++;
      if (chatIds.length < BATCH) return closed;
    }
  }

  /** Ends the chat's abandoned generation; true when it closed a message. */
  private async recoverChat(chatId: string, all: boolean): Promise<boolean> {
    const at = new Date();
    const closed = await this.opts.db.transaction(async (tx) => {
      const lease = await leases.lockLease(tx, chatId);
      if (!lease || lease === "missing" || (lease.live && !all)) return null;
      const message = lease.messageId ? await closeAbandoned(tx, chatId, lease.messageId, at, this.opts.emit) : null;
      await leases.clearLease(tx, chatId);
      return message;
    });
    if (closed) console.warn(`[embedded] closed message ${closed} of chat ${chatId}: its generation was gone`);
    return closed !== null;
  }

  /** Messages left unfinished without a lease (a run from before leases existed). */
  private async unleased(): Promise<void> {
    const rows = await messagesStore.unleasedUnfinished(this.opts.db, 1000);
    for (const row of rows)
      await this.opts.db.transaction((tx) => closeAbandoned(tx, row.chatId, row.id, new Date(), this.opts.emit));
    if (rows.length) console.warn(`[embedded] closed ${rows.length} unfinished message(s) of an earlier run`);
  }
}

/**
 * Inside the caller's transaction: ends a message whose generation is gone as an error, fails its pending version,
 * records `message.finished` and announces the progress (readers on any instance see it end). Returns its id when
 * it was still unfinished.
 */
export async function closeAbandoned(
  tx: Db,
  chatId: string,
  messageId: string,
  at: Date,
  emit: EmitEvent,
): Promise<string | null> {
  const message = await messagesStore.closeUnfinished(tx, chatId, messageId, at);
  if (!message) return null;
  await versionsStore.failPendingVersionOf(tx, chatId, messageId, at);
  await emit(tx, "message.finished", { chatId, messageId });
  await announceProgress(tx, chatId, messageId);
  return messageId;
}
