import "server-only";
import { checkFileCount, checkFileInputs } from "./input";
import { newId } from "../ids";
import { requireServerIds } from "../mcp/server-ids";
import { type ChatRow, type Db } from "../store";
import * as chatsStore from "../chats/store";
import * as filesStore from "./store";
import * as versionsStore from "./store-versions";
import type { Privacy } from "@/lib/api/schemas";

interface SeedInput {
  /** UTF-8 text unless a file says base64 (an imported binary file). */
  files: readonly { name: string; content: string; encoding?: "utf8" | "base64"; locked?: boolean }[];
  title: string;
  privacy?: Privacy;
  metadata?: Record<string, string>;
  mcpServerIds?: string[];
  initialContext?: string;
  /** The project the chat joins (it must exist). */
  projectId?: string;
  /** Who makes it (the caller). */
  authorId: string;
}

/**
 * A new chat holding `files` and no message: the chat, its files and a completed version (of no message)
 * in one transaction. Names are checked as every file input is (interface.md Part 8); nothing is stored on an error.
 */
export async function createChatFromFiles(db: Db, input: SeedInput): Promise<ChatRow> {
  checkFileCount(input.files.length);
  const encodings = new Map(input.files.map((f) => [f.name, f.encoding ?? "utf8"]));
  const names = checkFileInputs([...input.files], "files", (name) => encodings.get(name) ?? "utf8");
  const files = input.files.map((f, i) => ({
    path: names[i]!,
    content: f.content,
    encoding: f.encoding ?? ("utf8" as const),
    locked: f.locked ?? false,
  }));
  const at = new Date();
  const chatId = newId("chat");
  return db.transaction(async (tx) => {
    await requireServerIds(tx, input.mcpServerIds);
    const chat = await chatsStore.insertChat(tx, {
      id: chatId,
      title: input.title,
      privacy: input.privacy,
      authorId: input.authorId,
      hostProjectId: null,
      ...(input.projectId ? { projectId: input.projectId } : {}),
      metadata: input.metadata ?? {},
      modelId: "svc-pro",
      settings: {
        mcpServerIds: input.mcpServerIds,
        ...(input.initialContext !== undefined ? { initialContext: input.initialContext } : {}),
      },
      createdAt: at,
      updatedAt: at,
    });
    await filesStore.upsertFiles(tx, chatId, files, at);
    // An initialization has no message.
    await versionsStore.insertVersion(tx, {
      id: newId("ver"),
      chatId,
      messageId: "",
      status: "completed",
      files,
      createdAt: at,
      updatedAt: at,
    });
    return chat;
  });
}
