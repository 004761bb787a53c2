import "server-only";
import {
  ChatScope,
  isShareable,
  MAX_METADATA_ENTRIES,
  type Chat,
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
import type { ChatRow } from "../store";
import type { Caller } from "../people/types";
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
import { listedChats, mayWrite, requireAuthor } from "./access";
import { modeOfV1, respondInMode } from "../messages/modes";

/** POST /v2/chats[/stream|/async]: a new chat whose first message the agent answers. */
const createChat =
  (mode: ResponseMode): Handler<"v2.chats.create" | "v2.chats.create.stream" | "v2.chats.create.async"> =>
  async ({ turns, body, caller }) => {
    const turn = await turns.beginChat(body, caller.personId);
    return respondInMode(mode, turn, ({ chat, message }): ChatWithUsage => ({
      chat: toChat(chat, mayWrite(caller, chat)),
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

/** `scope` of the chat lists (ChatScope, lib/api/schemas/privacy.ts): all (default), mine, team or public. */
function readScope(url: URL): ChatScope {
  const raw = url.searchParams.get("scope");
  if (raw === null || raw === "") return "all";
  const scope = ChatScope.safeParse(raw);
  if (!scope.success)
    throw new HttpError(422, `scope: expected one of ${ChatScope.options.join(", ")}`, "validation_failed");
  return scope.data;
}

/**
 * GET /v2/chats?scope&limit&cursor&authorId&vercelProjectId&metadata[k]=v: newest first, only chats the caller may
 * read, and of those the scope's (someone else's unlisted chat in none).
 */
const listChats: Handler<"v2.chats.list"> = async ({ db, url, caller }) => {
  const { limit, beforeSeq } = readPageQuery(url, "chats");
  const listed = listedChats(caller, readScope(url));
  const rows = await chatsStore.listChats(db, { limit: limit + 1, beforeSeq, listed, ...readChatFilters(url) });
  const page = toPage(rows, limit, "chats");
  const list: ChatList = { chats: page.items.map((row) => toChat(row, mayWrite(caller, row))), cursor: page.cursor };
  return json(list);
};

/**
 * One chat as the answers about it show it to a person who may read it: `writePermission` theirs, and for an
 * unlisted or public chat its share link (`shareUrl`, `shareExpiresAt`; made the first time it is asked for).
 */
async function chatAnswer(ctx: Pick<ServiceParts, "db" | "shares">, caller: Caller, row: ChatRow): Promise<Chat> {
  const chat = toChat(row, mayWrite(caller, row));
  const link = await ctx.shares.linkOf(ctx.db, row);
  return link ? { ...chat, ...link } : chat;
}

/** GET /v2/chats/{chatId} (the router answered 404 already for a chat the caller may not read). */
const getChat: Handler<"v2.chats.get"> = async (ctx) =>
  json(await chatAnswer(ctx, ctx.caller, await requireChat(ctx.db, ctx.params.chatId)));

/**
 * PATCH /v2/chats/{chatId}: title, privacy, metadata (merged; null deletes), `shareExpiresAt` → the Chat;
 * `chat.updated` fires. Privacy and the share link's expiry are the author's to change (403 otherwise); privacy
 * back to private or team revokes the share link at once; an expiry on a chat without a link is a 422. Privacy and
 * expiry changes are in the audit log. One transaction: a refusal changes nothing.
 */
const updateChat: Handler<"v2.chats.update"> = async (ctx) => {
  const { db, events, params, body, people, caller, shares } = ctx;
  const updated = await db.transaction(async (tx) => {
    const before = await requireChat(tx, params.chatId);
    if (body.privacy !== undefined && body.privacy !== before.privacy) requireAuthor(caller, before, "its privacy");
    if (body.shareExpiresAt !== undefined) requireAuthor(caller, before, "its share link");
    const updated = await chatsStore.patchChat(tx, params.chatId, body, new Date(), MAX_METADATA_ENTRIES);
    if (updated === null) throw notFound(`Chat ${params.chatId}`, "chat_not_found");
    if (updated === "tooMany") {
      throw new HttpError(422, `metadata: at most ${MAX_METADATA_ENTRIES} entries`, "validation_failed");
    }
    const audit = (action: "chat.privacy_changed" | "chat.share_expiry_changed", detail: Record<string, unknown>) =>
      people.audit.record({ actor: caller.personId, action, target: updated.id, detail }, tx);
    if (before.privacy !== updated.privacy) {
      const revoked = await shares.revokeUnlessShareable(tx, updated);
      await audit("chat.privacy_changed", {
        from: before.privacy,
        to: updated.privacy,
        ...(revoked ? { shareLinkRevoked: true } : {}),
      });
    }
    if (body.shareExpiresAt !== undefined) {
      if (!isShareable(updated.privacy))
        throw new HttpError(
          422,
          `shareExpiresAt: chat ${updated.id} is ${updated.privacy}; only an unlisted or public chat has a share link`,
          "validation_failed",
        );
      const expiresAt = body.shareExpiresAt === null ? null : new Date(body.shareExpiresAt);
      await shares.setExpiry(tx, updated, expiresAt);
      await audit("chat.share_expiry_changed", { expiresAt: expiresAt?.toISOString() ?? null });
    }
    await events.emit(tx, "chat.updated", { chatId: updated.id });
    return updated;
  });
  return json(await chatAnswer(ctx, caller, updated));
};

/**
 * POST /v2/chats/{chatId}/share/rotate (our extension): a new share link, the old one unknown at once → the Chat with
 * its new `shareUrl`. The author's (403 otherwise); 409 for a chat that is not unlisted or public. Audited.
 */
const rotateShare: Handler<"v2.chats.share.rotate"> = async (ctx) => {
  const { db, params, people, caller, shares } = ctx;
  const chat = await db.transaction(async (tx) => {
    const chat = await requireChat(tx, params.chatId);
    requireAuthor(caller, chat, "its share link");
    if (!(await shares.rotate(tx, chat)))
      throw new HttpError(
        409,
        `Chat ${chat.id} is ${chat.privacy}: only an unlisted or public chat has a share link to rotate.`,
        "not_shareable",
      );
    await people.audit.record({ actor: caller.personId, action: "chat.share_rotated", target: chat.id }, tx);
    return chat;
  });
  return json(await chatAnswer(ctx, caller, chat));
};

/**
 * POST /v2/chats/{chatId}/duplicate (the document's duplicate): a new chat with the source's messages, files (and
 * locks) and versions, copied in one transaction → 201 Chat; `chat.created` fires. 409 while the source generates.
 */
const duplicateChat: Handler<"v2.chats.duplicate"> = async ({ db, events, params, body, caller }) => {
  const copy = await withIdleChat({ db, emit: events.emit }, params.chatId, async ({ tx, chat, emit }) => {
    // The copy is the caller's: its privacy the one asked for, else the team's default (never the source's link).
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
  return json(toChat(copy, mayWrite(caller, copy)), 201);
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
const deleteChat: Handler<"v2.chats.delete"> = async ({ db, events, params, people, caller, apps }) => {
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
    // The chat's snapshot goes with each: whose webhooks may hear of it is decided on it (the row is gone).
    for (const message of messages) emit("message.deleted", { chatId: chat.id, messageId: message.id, message, chat });
    emit("chat.deleted", { chatId: chat.id, chat });
  });
  // Its app stops and its package cache goes (docs/app-runtime.md).
  await apps?.chatDeleted(params.chatId);
  const body: ChatDeleted = { chatId: params.chatId };
  return json(body);
};

// ----- v1 (interface.md 4.2) -----

/** Whom a v1 answer is for: the caller (their `permissions.write`, favorites and preview links). */
type V1Reader = Pick<ServiceParts, "db" | "publicBaseUrl" | "previews"> & { caller: Caller };

const v1Urls = (ctx: Omit<V1Reader, "db">): V1Urls => ({
  base: ctx.publicBaseUrl,
  preview: (chatId) => ctx.previews.link(chatId, `p:${ctx.caller.personId}`),
});

/** The v1 Chat of a stored chat: every live (not archived) message oldest first, and the latest version. */
export async function loadChatV1(ctx: V1Reader, chatId: string): Promise<ChatV1> {
  const chat = await requireChat(ctx.db, chatId);
  const [messages, latest, favorites] = await Promise.all([
    messagesStore.liveMessages(ctx.db, chatId),
    versionsStore.latestVersion(ctx.db, chatId),
    chatsStore.favoritesAmong(ctx.db, ctx.caller.personId, [chatId]),
  ]);
  const mark = { favorite: favorites.has(chatId), writable: mayWrite(ctx.caller, chat) };
  return toChatV1(chat, messages, latest, v1Urls(ctx), mark);
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
  return respondInMode(
    modeOfV1(body.responseMode),
    turn,
    ({ chat }) => loadChatV1(ctx, chat.id),
    (t) => loadChatV1(ctx, t.chat.id),
  );
};

async function initializeFromFiles(
  ctx: ServiceParts & { caller: Caller },
  body: CreateChatBodyV1,
  authorId: string,
): Promise<ChatV1> {
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
  return loadChatV1(ctx, chat.id);
}

/**
 * GET /v1/chats?scope&limit&cursor&isFavorite: `{object: "list", data, cursor}`, newest first; items without
 * messages; only chats the caller may read, of the scope (as v2); `isFavorite` the caller's own favorites.
 */
const listChatsV1: Handler<"v1.chats.list"> = async (ctx) => {
  const { caller } = ctx;
  const { limit, beforeSeq } = readPageQuery(ctx.url, "chats");
  const favorite = readFavoriteFilter(ctx.url);
  const rows = await chatsStore.listChats(ctx.db, {
    limit: limit + 1,
    beforeSeq,
    listed: listedChats(caller, readScope(ctx.url)),
    ...(favorite === undefined ? {} : { favorite: { personId: caller.personId, is: favorite } }),
  });
  const page = toPage(rows, limit, "chats");
  const ids = page.items.map((c) => c.id);
  const [texts, favorites] = await Promise.all([
    messagesStore.firstUserContents(ctx.db, ids),
    chatsStore.favoritesAmong(ctx.db, caller.personId, ids),
  ]);
  const urls = v1Urls(ctx);
  const list: ChatListV1 = {
    object: "list",
    data: page.items.map((chat) =>
      toChatSummaryV1(
        chat,
        {
          text: texts.get(chat.id) ?? chat.settings.initialContext ?? "",
          favorite: favorites.has(chat.id),
          writable: mayWrite(caller, chat),
        },
        urls,
      ),
    ),
    cursor: page.cursor,
  };
  return json(list);
};

/** GET /v1/chats/{chatId}: the v1 Chat with its messages oldest to newest and latestVersion. */
const getChatV1: Handler<"v1.chats.get"> = async (ctx) => json(await loadChatV1(ctx, ctx.params.chatId));

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
  "v2.chats.share.rotate": rotateShare,
  "v1.chats.create": createChatV1,
  "v1.chats.list": listChatsV1,
  "v1.chats.get": getChatV1,
} satisfies HandlerTablePart;
