import "server-only";
import { notFound } from "../errors";
import { type ChatRow, type Db, type MessageRow } from "../store";
import * as chatsStore from "./store";
import * as messagesStore from "../messages/store";

export async function requireChat(db: Db, chatId: string): Promise<ChatRow> {
  const chat = await chatsStore.findChat(db, chatId);
  if (!chat) throw notFound(`Chat ${chatId}`, "chat_not_found");
  return chat;
}

export async function requireMessage(db: Db, chatId: string, messageId: string): Promise<MessageRow> {
  const message = await messagesStore.findMessage(db, chatId, messageId);
  if (!message) throw notFound(`Message ${messageId}`, "message_not_found");
  return message;
}
