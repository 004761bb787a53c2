import "server-only";
import {
  MAX_METADATA_ENTRIES,
  type ChatDeleted,
  type ChatList,
  type ChatWithUsage,
  type HostProject,
  type ResponseMode,
} from "@/lib/api";
import type { ChatListV1, ChatV1, CreateChatBodyV1 } from "@/lib/api/schemas/v1";
import { generateTitle } from "../generation/title";
import { createChatFromFiles } from "../files/seed-files";
import { HttpError, notFound } from "../errors";
import { withIdleChat } from "../generation/idle-chat";
import { newId } from "../ids";
import { json } from "../http/respond";
import { readPageQuery, toPage } from "../http/pagination";
import { type Db } from "../store";
import * as chatsStore from "./store";
import * as duplicateStore from "./store-duplicate";
import * as messagesStore from "../messages/store";
import * as versionsStore from "../files/store-versions";
import { toChat } from "./views";
import { ZERO_USAGE } from "../messages/views";
import { toChatSummaryV1, toChatV1, type V1Urls } from "./views-v1";
import type { Handler, HandlerTablePart, ServiceParts } from "../http/context";
import { readFavoriteFilter } from "./handlers-favorite";
import { requireChat } from "./lookup";
import { modeOfV1, respondInMode } from "../messages/modes";

/** POST /v2/chats[/stream|/async]: a new chat whose first message the agent answers. */
const createChat =
  (mode: ResponseMode): Handler<"v2.chats.create" | "v2.chats.create.stream" | "v2.chats.create.async"> =>
  async ({ turns, body, caller }) => {
    const turn = await turns.beginChat(body, caller.personId);
    return respondInMode(mode, turn, ({ chat, message }): ChatWithUsage => ({
      chat: toChat(chat),
      usage: message.usage ?? ZERO_USAGE,
    }));
  };

/** The document's filters: authorId, vercelProjectId (alias hostProjectId) and deepObject `metadata[key]=value`. */
function readChatFilters(url: URL): chatsStore.ChatFilters {
  const q = url.searchParams;
  const filters: chatsStore.ChatFilters = {};
  const authorId = q.get("authorId");
  if (authorId) filters.authorId = authorId;
  const project = q.get("hostProjectId") ?? q.get("vercelProjectId");
  if (project) filters.hostProjectId = project;
  const metadata: Record<string, string> = {};
  for (const [key, value] of q) {
    const m = /^metadata\[([^\]]{1,100})\]$/.exec(key);
    if (!m) continue;
    if (value.length > 500) throw new HttpError(422, `metadata[${m[1]}]: at most 500 characters`, "validation_failed");
    metadata[m[1]!] = value;
  }
  if (Object.keys(metadata).length) filters.metadata = metadata;
  return filters;
}

/** GET /v2/chats?limit&cursor&authorId&vercelProjectId&metadata[k]=v: newest first. */
const listChats: Handler<"v2.chats.list"> = async ({ db, url }) => {
  const { limit, beforeSeq } = readPageQuery(url, "chats");
  const rows = await chatsStore.listChats(db, { limit: limit + 1, beforeSeq, ...readChatFilters(url) });
  const page = toPage(rows, limit, "chats");
  const list: ChatList = { chats: page.items.map(toChat), cursor: page.cursor };
  return json(list);
};

/** GET /v2/chats/{chatId} */
const getChat: Handler<"v2.chats.get"> = async ({ db, params }) => json(toChat(await requireChat(db, params.chatId)));

/**
 * PATCH /v2/chats/{chatId}: title, privacy, metadata (merged; null deletes) → the Chat; `chat.updated` fires; a
 * privacy change is in the audit log.
 */
const updateChat: Handler<"v2.chats.update"> = async ({ db, events, params, body, people, caller }) => {
  const updated = await db.transaction(async (tx) => {
    const before = body.privacy === undefined ? null : await chatsStore.findChat(tx, params.chatId);
    const updated = await chatsStore.patchChat(tx, params.chatId, body, new Date(), MAX_METADATA_ENTRIES);
    if (updated === null) throw notFound(`Chat ${params.chatId}`, "chat_not_found");
    if (updated === "tooMany") {
      throw new HttpError(422, `metadata: at most ${MAX_METADATA_ENTRIES} entries`, "validation_failed");
    }
    if (before && before.privacy !== updated.privacy)
      await people.audit.record(
        {
          actor: caller.personId,
          action: "chat.privacy_changed",
          target: updated.id,
          detail: { from: before.privacy, to: updated.privacy },
        },
        tx,
      );
    await events.emit(tx, "chat.updated", { chatId: updated.id });
    return updated;
  });
  return json(toChat(updated));
};

/**
 * POST /v2/chats/{chatId}/duplicate (the document's duplicate): a new chat with the source's messages, files (and
 * locks) and versions, copied in one transaction → 201 Chat; `chat.created` fires. 409 while the source generates.
 */
const duplicateChat: Handler<"v2.chats.duplicate"> = async ({ db, events, params, body, caller }) => {
  const copy = await withIdleChat({ db, emit: events.emit }, params.chatId, async ({ tx, chat, emit }) => {
    const copy = await duplicateStore.duplicateChat(tx, chat, {
      id: newId("chat"),
      privacy: body.privacy,
      authorId: caller.personId,
      title: body.title,
      at: new Date(),
      newId,
    });
    emit("chat.created", { chatId: copy.id });
    return copy;
  });
  return json(toChat(copy), 201);
};

/** POST /v2/chats/{chatId}/host-project: links a (simulated) hosting project when the chat has none. */
const createHostProject: Handler<"v2.chats.hostProject" | "v2.chats.vercelProject"> = async ({
  db,
  events,
  params,
}) => {
  const chat = await requireChat(db, params.chatId);
  let hostProjectId = chat.hostProjectId;
  if (!hostProjectId) {
    // Atomic: of two simultaneous calls one links a project and both answer with it.
    const result = await db.transaction(async (tx) => {
      const result = await chatsStore.linkHostProject(tx, chat.id, newId("hp"), new Date());
      if (result?.linked) await events.emit(tx, "chat.updated", { chatId: chat.id });
      return result;
    });
    if (!result) throw notFound(`Chat ${chat.id}`, "chat_not_found");
    hostProjectId = result.hostProjectId;
  }
  const body: HostProject = { hostProjectId };
  return json(body);
};

/**
 * DELETE /v2/chats/{chatId} (our extension; the chat.deleted and message.deleted events imply it):
 * the chat with its messages, files and versions; 409 while it is generating.
 */
const deleteChat: Handler<"v2.chats.delete"> = async ({ db, events, params, people, caller }) => {
  await withIdleChat({ db, emit: events.emit }, params.chatId, async ({ tx, chat, emit }) => {
    const messages = await messagesStore.allMessages(tx, chat.id);
    await chatsStore.deleteChat(tx, chat.id);
    await people.audit.record(
      {
        actor: caller.personId,
        action: "chat.deleted",
        target: chat.id,
        detail: { title: chat.title, authorId: chat.authorId },
      },
      tx,
    );
    for (const message of messages) emit("message.deleted", { chatId: chat.id, messageId: message.id, message });
    emit("chat.deleted", { chatId: chat.id, chat });
  });
  const body: ChatDeleted = { chatId: params.chatId };
  return json(body);
};

// ----- v1 (interface.md 4.2) -----

export const v1Urls = (ctx: Pick<ServiceParts, "publicBaseUrl" | "previews">): V1Urls => ({
  base: ctx.publicBaseUrl,
  preview: (chatId) => ctx.previews.link(chatId),
});

/** The v1 Chat of a stored chat: every live (not archived) message oldest first, and the latest version. */
export async function loadChatV1(db: Db, chatId: string, urls: V1Urls): Promise<ChatV1> {
  const chat = await requireChat(db, chatId);
  const [messages, latest] = await Promise.all([
    messagesStore.liveMessages(db, chatId),
    versionsStore.latestVersion(db, chatId),
  ]);
  return toChatV1(chat, messages, latest, urls);
}

/**
 * POST /v1/chats. Creation (`message`, or its v1 spelling `initialMessage`; both and different → 422) runs the
 * agent in `responseMode` sync (200, the v1 Chat once the answer finished), async (202, the v1 Chat with the
 * answer still generating) or experimental_stream (the 6.2 events). Initialization (`type: "files"`) stores
 * the files as the chat's first version, runs no agent and uses no tokens (200, v1 Chat without messages).
 * `type: "repo"` → 501: the embedded service has no network to clone from.
 */
const createChatV1: Handler<"v1.chats.create"> = async (ctx) => {
  const body = ctx.body;
  if (body.type === "repo") {
    throw new HttpError(
      501,
      'Initialization from a repository is not supported by the embedded service (it has no network); use type "files".',
      "repo_import_unsupported",
    );
  }
  if (body.type === "files") return json(await initializeFromFiles(ctx, body, ctx.caller.personId));
  if (body.message !== undefined && body.initialMessage !== undefined && body.message !== body.initialMessage) {
    throw new HttpError(
      422,
      "initialMessage: message and initialMessage differ; send only message",
      "validation_failed",
    );
  }
  const turn = await ctx.turns.beginChat(
    {
      message: (body.message ?? body.initialMessage)!,
      mcpServerIds: body.mcpServerIds,
      privacy: body.privacy,
      attachments: body.attachments,
    },
    ctx.caller.personId,
  );
  const urls = v1Urls(ctx);
  return respondInMode(
    modeOfV1(body.responseMode),
    turn,
    ({ chat }) => loadChatV1(ctx.db, chat.id, urls),
    (t) => loadChatV1(ctx.db, t.chat.id, urls),
  );
};

async function initializeFromFiles(ctx: ServiceParts, body: CreateChatBodyV1, authorId: string): Promise<ChatV1> {
  const files = body.files ?? [];
  const context = body.initialContext?.trim();
  const chat = await ctx.db.transaction(async (tx) => {
    const chat = await createChatFromFiles(tx, {
      files,
      title: context ? generateTitle(context) : `Imported files (${files.length})`,
      privacy: body.privacy,
      mcpServerIds: body.mcpServerIds,
      initialContext: body.initialContext,
      authorId,
    });
    await ctx.events.emit(tx, "chat.created", { chatId: chat.id });
    return chat;
  });
  return loadChatV1(ctx.db, chat.id, v1Urls(ctx));
}

/**
 * GET /v1/chats?limit&cursor&isFavorite: `{object: "list", data, cursor}`, newest first; items without messages.
 */
const listChatsV1: Handler<"v1.chats.list"> = async (ctx) => {
  const { limit, beforeSeq } = readPageQuery(ctx.url, "chats");
  const rows = await chatsStore.listChats(ctx.db, { limit: limit + 1, beforeSeq, ...readFavoriteFilter(ctx.url) });
  const page = toPage(rows, limit, "chats");
  const texts = await messagesStore.firstUserContents(
    ctx.db,
    page.items.map((c) => c.id),
  );
  const urls = v1Urls(ctx);
  const list: ChatListV1 = {
    object: "list",
    data: page.items.map((chat) =>
      toChatSummaryV1(chat, { text: texts.get(chat.id) ?? chat.settings.initialContext ?? "" }, urls),
    ),
    cursor: page.cursor,
  };
  return json(list);
};

/** GET /v1/chats/{chatId}: the v1 Chat with its messages oldest to newest and latestVersion. */
const getChatV1: Handler<"v1.chats.get"> = async (ctx) =>
  json(await loadChatV1(ctx.db, ctx.params.chatId, v1Urls(ctx)));

/** The routes of lib/api/routes.ts this file answers. */
export const chatHandlers = {
  "v2.chats.create": createChat("sync"),
  "v2.chats.create.stream": createChat("stream"),
  "v2.chats.create.async": createChat("async"),
  "v2.chats.list": listChats,
  "v2.chats.get": getChat,
  "v2.chats.update": updateChat,
  "v2.chats.delete": deleteChat,
  "v2.chats.hostProject": createHostProject,
  "v2.chats.vercelProject": createHostProject,
  "v2.chats.duplicate": duplicateChat,
  "v1.chats.create": createChatV1,
  "v1.chats.list": listChatsV1,
  "v1.chats.get": getChatV1,
} satisfies HandlerTablePart;
