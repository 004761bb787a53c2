import "server-only";
import { newId } from "../ids";
import { type Db, type VersionRow } from "../store";
import * as filesStore from "../files/store";
import * as versionsStore from "../files/store-versions";

/**
 * The Version (interface.md 2.6) of one assistant message that works on the files: a message whose plan writes files
 * (or was going to build and stops with `/fail`) opens a `pending` version when it starts, holding the files
 * as they are; when it finishes the version gets the files as they are then and becomes `completed`, or
 * `failed` when the message failed. Messages that only talk (a request to the user, running an approved
 * script) make no version.
 */
export class MessageVersion {
  private row: VersionRow | null = null;

  constructor(
    private readonly db: Db,
    private readonly chatId: string,
    private readonly messageId: string,
    private readonly now: () => Date,
  ) {}

  /** Whether the pending version was inserted (the message changed or was going to change the files). */
  get opened(): boolean {
    return this.row !== null;
  }

  /** Inserts the pending version (once). */
  async open(): Promise<void> {
    if (this.row) return;
    const at = this.now();
    this.row = await versionsStore.insertVersion(this.db, {
      id: newId("ver"),
      chatId: this.chatId,
      messageId: this.messageId,
      status: "pending",
      files: await snapshot(this.db, this.chatId),
      createdAt: at,
      updatedAt: at,
    });
  }

  /** Completes or fails the version with the chat's files as they are now (through `db`, e.g. the finishing transaction). */
  async close(status: "completed" | "failed", at: Date, db: Db = this.db): Promise<void> {
    if (!this.row) return;
    await versionsStore.updateVersion(db, this.chatId, this.row.id, {
      status,
      files: await snapshot(db, this.chatId),
      updatedAt: at,
    });
  }
}

async function snapshot(db: Db, chatId: string) {
  const files = await filesStore.listFiles(db, chatId);
  return files.map((f) => ({ path: f.path, content: f.content, encoding: f.encoding, locked: f.locked }));
}
