import "server-only";
import type { ChatGitRemote, GitPullResult } from "@/lib/api";
import { incomingChanges } from "./incoming";
import { pullChat, requireRemote } from "./pull";
import { pushChat } from "./push";
import { json } from "../http/respond";
import { iso } from "../time";
import type { Handler, HandlerTablePart } from "../http/context";

/** GET /v2/chats/{chatId}/git (our extension): the chat's remote; 404 when it has none. */
const getRemote: Handler<"v2.chats.git.get"> = async ({ db, params }) => {
  const remote = await requireRemote(db, params.chatId);
  const body: ChatGitRemote = {
    url: remote.url,
    branch: remote.branch,
    lastCommit: remote.lastCommit,
    lastSyncedAt: iso(remote.lastSyncedAt),
  };
  return json(body);
};

/** GET /v2/chats/{chatId}/git/incoming (our extension): what a pull would bring; see git/incoming.ts. */
const incoming: Handler<"v2.chats.git.incoming"> = async (ctx) => json(await incomingChanges(ctx, ctx.params.chatId));

/** POST /v2/chats/{chatId}/git/push (our extension): see git/push.ts. */
const push: Handler<"v2.chats.git.push"> = async (ctx) =>
  json(await pushChat(ctx, ctx.params.chatId, ctx.body, ctx.caller.personId));

/** POST /v2/chats/{chatId}/git/pull (our extension): see git/pull.ts. */
const pull: Handler<"v2.chats.git.pull"> = async (ctx) =>
  json({ messages: await pullChat(ctx, ctx.params.chatId, ctx.caller.personId) } satisfies GitPullResult);

/** The routes of lib/api/routes.ts this file answers. */
export const gitHandlers = {
  "v2.chats.git.get": getRemote,
  "v2.chats.git.incoming": incoming,
  "v2.chats.git.push": push,
  "v2.chats.git.pull": pull,
} satisfies HandlerTablePart;
