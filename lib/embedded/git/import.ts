import "server-only";
import type { ImportedFile } from "../imports/limits";
import { createChatFromFiles } from "../files/seed-files";
import { type ChatRow, type Db } from "../store";
import * as gitStore from "./store";
import type { ServiceEvents } from "../events";

interface ImportInput {
  files: readonly ImportedFile[];
  title: string;
  privacy?: ChatRow["privacy"];
  metadata?: Record<string, string>;
  /** The repository the files came from: it becomes the chat's remote. */
  remote?: { url: string; branch: string; commit: string };
  /** Who imports (the caller): the chat's author. */
  authorId: string;
}

/** A new chat of imported files (one transaction: the chat, its files, its first version, its remote, `chat.created`). */
export async function createImportedChat(db: Db, events: ServiceEvents, input: ImportInput): Promise<ChatRow> {
  return db.transaction(async (tx) => {
    const chat = await createChatFromFiles(tx, {
      files: input.files.map((f) => ({ name: f.path, content: f.content, encoding: f.encoding })),
      title: input.title,
      privacy: input.privacy,
      metadata: input.metadata,
      authorId: input.authorId,
    });
    if (input.remote)
      await gitStore.saveRemote(tx, {
        chatId: chat.id,
        url: input.remote.url,
        branch: input.remote.branch,
        lastCommit: input.remote.commit,
        lastSyncedAt: chat.createdAt,
      });
    await events.emit(tx, "chat.created", { chatId: chat.id });
    return chat;
  });
}
