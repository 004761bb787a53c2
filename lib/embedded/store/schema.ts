import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { FinishReason, ModelId, Part, Privacy, Usage } from "@/lib/api";

/**
 * The embedded service's tables (drizzle pg-core). Migrations in `drizzle/` are generated from this
 * file with `npx drizzle-kit generate` and applied on start. Timestamps are always written from JS.
 * This module is imported by drizzle-kit (plain Node), so it must not import "server-only".
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Settings captured at chat creation and applied to later messages. */
export interface ChatSettings {
  mcpServerIds?: string[];
  credentialAccess?: { sharedNpm?: boolean; github?: boolean };
  imageGenerations?: boolean;
  thinking?: boolean;
}

export const chats = pgTable(
  "chats",
  {
    id: text("id").primaryKey(),
    /** Creation order; list pagination walks it (newest first). */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    title: text("title"),
    privacy: text("privacy").$type<Privacy>().notNull(),
    authorId: text("author_id").notNull(),
    hostProjectId: text("host_project_id"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    modelId: text("model_id").$type<ModelId>().notNull(),
    settings: jsonb("settings").$type<ChatSettings>().notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("chats_seq_idx").on(t.seq)],
);

export const messages = pgTable(
  "messages",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** Order within the chat (and globally); list pagination walks it (newest first). */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    role: text("role").$type<"user" | "assistant">().notNull(),
    content: text("content").notNull(),
    parts: jsonb("parts").$type<Part[]>().notNull(),
    /** Null while the assistant is generating. */
    finishReason: text("finish_reason").$type<FinishReason>(),
    usage: jsonb("usage").$type<Usage>(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("messages_chat_seq_idx").on(t.chatId, t.seq)],
);

export const chatFiles = pgTable(
  "chat_files",
  {
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    content: text("content").notNull(),
    encoding: text("encoding").$type<"utf8" | "base64">().notNull(),
    /** A locked file is never overwritten by the agent (DESIGN 6). */
    locked: boolean("locked").notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.path] })],
);

/** A snapshot of the chat's files after an assistant message (v1 Version, 2.6). */
export interface VersionFile {
  path: string;
  content: string;
  encoding: "utf8" | "base64";
  locked: boolean;
}

export const versions = pgTable(
  "versions",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    status: text("status").$type<"pending" | "completed" | "failed">().notNull(),
    files: jsonb("files").$type<VersionFile[]>().notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("versions_chat_seq_idx").on(t.chatId, t.seq)],
);

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ChatFileRow = typeof chatFiles.$inferSelect;
export type VersionRow = typeof versions.$inferSelect;
