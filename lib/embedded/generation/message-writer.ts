import "server-only";
import type { FinishReason, Part, Usage } from "@/lib/api";
import type { EmitEvent } from "../events";
import { announceProgress } from "../live/channels";
import { type ChatRow, type Db, type MessageRow } from "../store";
import * as chatsStore from "../chats/store";
import * as filesStore from "../files/store";
import * as leasesStore from "./store";
import * as messagesStore from "../messages/store";
import { iso } from "../time";
import type { Generation } from "./generation";
import { MessageVersion } from "./version";

export interface MessageWriterInput {
  db: Db;
  generation: Generation;
  chat: ChatRow;
  message: MessageRow;
  now?: () => Date;
  /** Webhook events: chat.updated (title), message.updated (at every part boundary), message.finished. */
  emit: EmitEvent;
  /**
   * The generation's lease (released in the transaction that finishes the message) and whether other instances
   * share the database (then progress is also stored between part boundaries, and announced).
   */
  lease?: { owner: string; shared: boolean };
}

/** With a shared database, how often a growing part is stored for readers on other instances. */
const LIVE_STORE_MS = 150;

/**
 * The one path by which an agent (scripted or model-backed) builds an assistant message: appends parts and replaces
 * the last one as it grows (each change emitted to the generation's listeners), persists the message at part
 * boundaries, sets the chat's title, writes files into the message's Version, reports a failure, and finishes the
 * message with its usage (and closes the version).
 */
export class MessageWriter {
  parts: Part[] = [];
  /** The message's `content` (the answer's text). */
  content = "";
  finishReason: FinishReason = "stop";
  /** The `error` event an answer ended with (see fail). */
  private failure: { message: string; code: string } | null = null;
  /** When the message was last stored (Date.now()). */
  persistedAt = 0;
  private persisting: Promise<void> = Promise.resolve();
  private done = false;
  /** The message's Version: pending from the first change to the files (version.ts). */
  readonly version: MessageVersion;
  readonly now: () => Date;
  private readonly db: Db;
  private readonly generation: Generation;
  private readonly chatId: string;
  private readonly messageId: string;
  private readonly emitEvent: EmitEvent;
  private readonly lease?: { owner: string; shared: boolean };

  constructor(input: MessageWriterInput) {
    this.db = input.db;
    this.generation = input.generation;
    this.chatId = input.chat.id;
    this.messageId = input.message.id;
    this.emitEvent = input.emit;
    this.lease = input.lease;
    this.now = input.now ?? (() => new Date());
    this.version = new MessageVersion(input.db, this.chatId, this.messageId, this.now);
  }

  get last(): Part | undefined {
    return this.parts.at(-1);
  }

  /** Adds a part (emitted, not yet persisted). */
  append(part: Part): void {
    this.parts = [...this.parts, part];
    this.emitParts();
  }

  /** Replaces the last part (a streamed text growing, a part finishing). */
  replaceLast(part: Part): void {
    this.parts = [...this.parts.slice(0, -1), part];
    this.emitParts();
  }

  /** Replaces the part at `index` (a tool call's result arriving after later parts began). */
  replaceAt(index: number, part: Part): void {
    this.parts = this.parts.map((p, i) => (i === index ? part : p));
    this.emitParts();
  }

  /**
   * Stores the message as it is (a part boundary) and records message.updated in the same transaction. Stores run
   * one after the other, each with the parts as they are when it runs; none after the message finished.
   */
  persist(): Promise<void> {
    return this.enqueueStore(true);
  }

  private enqueueStore(boundary: boolean): Promise<void> {
    const run = this.persisting.then(() => this.store(boundary));
    this.persisting = run.catch(() => {});
    return run;
  }

  private async store(boundary: boolean): Promise<void> {
    if (this.done) return;
    this.persistedAt = Date.now();
    const patch = { parts: this.parts, content: this.content, updatedAt: this.now() };
    await this.db.transaction(async (tx) => {
      await messagesStore.updateMessage(tx, this.messageId, patch, { unfinished: true });
      if (boundary) await this.emitEvent(tx, "message.updated", { chatId: this.chatId, messageId: this.messageId });
      if (this.lease?.shared) await announceProgress(tx, this.chatId, this.messageId);
    });
  }

  /** Stores the chat's title and emits it (`chat.title` on the stream, chat.updated as a webhook event). */
  async setTitle(title: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await chatsStore.updateChat(tx, this.chatId, { title, updatedAt: this.now() });
      await this.emitEvent(tx, "chat.updated", { chatId: this.chatId });
      if (this.lease?.shared) await announceProgress(tx, this.chatId, this.messageId);
    });
    this.generation.emit({ type: "title", chatId: this.chatId, title });
  }

  /** Writes a chat file into the message's version unless it is locked; false when locked. */
  async writeUnlessLocked(file: { path: string; content: string; encoding?: "utf8" | "base64" }): Promise<boolean> {
    if ((await filesStore.findFile(this.db, this.chatId, file.path))?.locked) return false;
    await this.version.open();
    await filesStore.writeFile(this.db, {
      chatId: this.chatId,
      path: file.path,
      content: file.content,
      encoding: file.encoding ?? "utf8",
      at: this.now(),
    });
    return true;
  }

  /** Ends the message with an error: finishReason "error" and an `error` event with a message and code. */
  fail(message: string, code: string): void {
    this.finishReason = "error";
    this.failure = { message, code };
    this.generation.emit({ type: "error", messageId: this.messageId, message, code });
  }

  /** The message's end after an unexpected error (logged; the client sees a generic message). */
  internalError(error: unknown): void {
    console.error("[embedded] generation failed", error);
    this.fail("The agent stopped because of an internal error.", "internal_error");
  }

  /** Every unfinished part gets its finishedAt (a stop or a failure ends the parts in progress as they are). */
  closeOpenParts(): void {
    const at = iso(this.now());
    if (this.parts.some((p) => p.startedAt && !p.finishedAt)) {
      this.parts = this.parts.map((p) => (p.startedAt && !p.finishedAt ? { ...p, finishedAt: at } : p));
      this.emitParts();
    }
  }

  /**
   * Stores the finished message (finishReason, usage), the chat's updatedAt and the version (completed, or failed
   * after an error, unless `versionStatus` says otherwise), then emits message.finished and `finished` and settles
   * the generation. Always call it once.
   */
  async finish(usage: Usage, versionStatus?: "completed" | "failed"): Promise<void> {
    if (this.generation.stoppedByShutdown && this.finishReason === "stop")
      this.fail("The service shut down before this answer finished; send the message again.", "service_shutdown");
    await this.persisting;
    this.done = true;
    try {
      const at = this.now();
      const status = versionStatus ?? (this.finishReason === "error" ? "failed" : "completed");
      const { message, chat } = await this.db.transaction(async (tx) => {
        const message = await messagesStore.updateMessage(
          tx,
          this.messageId,
          {
            parts: this.parts,
            content: this.content,
            finishReason: this.finishReason,
            failure: this.finishReason === "error" ? this.failure : null,
            usage,
            updatedAt: at,
          },
          { unfinished: true },
        );
        const chat = await chatsStore.updateChat(tx, this.chatId, { updatedAt: at });
        if (!message || !chat)
          throw new Error(
            `chat ${this.chatId} or message ${this.messageId} disappeared or was closed while generating`,
          );
        await this.version.close(status, at, tx);
        if (this.lease) await leasesStore.releaseLease(tx, this.chatId, this.lease.owner, this.messageId);
        await this.emitEvent(tx, "message.finished", { chatId: this.chatId, messageId: this.messageId });
        if (this.lease?.shared) await announceProgress(tx, this.chatId, this.messageId);
        return { message, chat };
      });
      this.generation.emit({ type: "finished", message, chat });
      this.generation.resolve({ message, chat });
    } catch (error) {
      console.error("[embedded] could not finish the message", error);
      this.generation.emit({
        type: "error",
        messageId: this.messageId,
        message: "The message could not be saved.",
        code: "internal_error",
      });
      this.generation.reject(error);
    }
  }

  private emitParts(): void {
    this.generation.emit({ type: "parts", messageId: this.messageId, parts: this.parts });
    // Readers on other instances see a growing part a few times a second (they cannot hear this process's events).
    if (this.lease?.shared && Date.now() - this.persistedAt >= LIVE_STORE_MS)
      void this.enqueueStore(false).catch(() => {});
  }
}
