import "server-only";
import type { FinishReason, Part, Usage } from "@/lib/api";
import type { EmitEvent } from "../events";
import { chatsStore, filesStore, messagesStore, type ChatRow, type Db, type MessageRow } from "../store";
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
  emit?: EmitEvent;
}

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
  private readonly emitEvent?: EmitEvent;

  constructor(input: MessageWriterInput) {
    this.db = input.db;
    this.generation = input.generation;
    this.chatId = input.chat.id;
    this.messageId = input.message.id;
    this.emitEvent = input.emit;
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
   * Stores the message as it is (a part boundary) and emits message.updated. Stores run one after the other, each
   * with the parts as they are when it runs; none after the message finished.
   */
  persist(): Promise<void> {
    const run = this.persisting.then(() => this.store());
    this.persisting = run.catch(() => {});
    return run;
  }

  private async store(): Promise<void> {
    if (this.done) return;
    this.persistedAt = Date.now();
    await messagesStore.updateMessage(this.db, this.messageId, {
      parts: this.parts,
      content: this.content,
      updatedAt: this.now(),
    });
    this.emitEvent?.("message.updated", { chatId: this.chatId, messageId: this.messageId });
  }

  /** Stores the chat's title and emits it (`chat.title` on the stream, chat.updated as a webhook event). */
  async setTitle(title: string): Promise<void> {
    await chatsStore.updateChat(this.db, this.chatId, { title, updatedAt: this.now() });
    this.generation.emit({ type: "title", chatId: this.chatId, title });
    this.emitEvent?.("chat.updated", { chatId: this.chatId });
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
      const message = await messagesStore.updateMessage(this.db, this.messageId, {
        parts: this.parts,
        content: this.content,
        finishReason: this.finishReason,
        usage,
        updatedAt: at,
      });
      const chat = await chatsStore.updateChat(this.db, this.chatId, { updatedAt: at });
      if (!message || !chat)
        throw new Error(`chat ${this.chatId} or message ${this.messageId} disappeared while generating`);
      await this.version.close(versionStatus ?? (this.finishReason === "error" ? "failed" : "completed"), at);
      this.emitEvent?.("message.finished", { chatId: this.chatId, messageId: this.messageId });
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
  }
}
