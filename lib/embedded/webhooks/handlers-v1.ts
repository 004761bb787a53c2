import "server-only";
import type { Webhook, WebhookCreated, WebhookList } from "@/lib/api";
import type { HookDeletedV1, HookListV1, HookV1 } from "@/lib/api/schemas/v1";
import { json } from "../http/respond";
import type { Handler, HandlerTablePart } from "../http/context";
import { hookHandlers } from "./handlers";

/**
 * The v1 document's hooks: the v2 webhooks (same rows, same rules, same deliveries) in the v1 shapes. Each handler
 * runs the v2 one and reshapes its answer; the v2 errors (404, 422) pass through as they are, in v1's error shape.
 */

function toHookV1(hook: Webhook | WebhookCreated): HookV1 {
  return {
    id: hook.id,
    object: "hook",
    name: hook.name,
    events: hook.events,
    ...(hook.chatId ? { chatId: hook.chatId } : {}),
    url: hook.url,
    ...("secret" in hook ? { secret: hook.secret } : {}),
  };
}

/** GET /v1/hooks → `{object: "list", data: [{id, object: "hook", name}]}`, newest first. */
const listHooksV1: Handler<"v1.hooks.list"> = async (ctx) => {
  const v2 = (await (await hookHandlers["v2.hooks.list"]({ ...ctx, route: "v2.hooks.list" })).json()) as WebhookList;
  const list: HookListV1 = { object: "list", data: v2.items.map((h) => ({ id: h.id, object: "hook", name: h.name })) };
  return json(list);
};

/** POST /v1/hooks {name, events, url, chatId?} → 200 HookDetail, with its signing `secret` this once. */
const createHookV1: Handler<"v1.hooks.create"> = async (ctx) => {
  const res = await hookHandlers["v2.hooks.create"]({ ...ctx, route: "v2.hooks.create" });
  return json(toHookV1((await res.json()) as WebhookCreated));
};

/** GET /v1/hooks/{hookId} */
const getHookV1: Handler<"v1.hooks.get"> = async (ctx) => {
  const res = await hookHandlers["v2.hooks.get"]({ ...ctx, route: "v2.hooks.get" });
  return json(toHookV1((await res.json()) as Webhook));
};

/** PATCH /v1/hooks/{hookId} {name?, events?, url?} */
const updateHookV1: Handler<"v1.hooks.update"> = async (ctx) => {
  const res = await hookHandlers["v2.hooks.update"]({ ...ctx, route: "v2.hooks.update" });
  return json(toHookV1((await res.json()) as Webhook));
};

/** DELETE /v1/hooks/{hookId} → `{id, object: "hook", deleted: true}` */
const deleteHookV1: Handler<"v1.hooks.delete"> = async (ctx) => {
  await hookHandlers["v2.hooks.delete"]({ ...ctx, route: "v2.hooks.delete" });
  const deleted: HookDeletedV1 = { id: ctx.params.hookId, object: "hook", deleted: true };
  return json(deleted);
};

/** The routes of lib/api/routes.ts this file answers. */
export const hookV1Handlers = {
  "v1.hooks.list": listHooksV1,
  "v1.hooks.create": createHookV1,
  "v1.hooks.get": getHookV1,
  "v1.hooks.update": updateHookV1,
  "v1.hooks.delete": deleteHookV1,
} satisfies HandlerTablePart;
