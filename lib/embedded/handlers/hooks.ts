import "server-only";
import type { WebhookCreated, WebhookDeleted, WebhookDeliveryList, WebhookList } from "@/lib/api";
import { HttpError, notFound } from "../errors";
import { readPageQuery, toPage } from "../http/pagination";
import { json } from "../http/respond";
import { newId } from "../ids";
import { chatsStore, type Db } from "../store";
import type { WebhookRow } from "../store/schema";
import { newWebhookSecret, toDelivery, toWebhook, webhooksStore } from "../webhooks";
import type { Handler, HandlerTablePart } from "./context";

/** Webhooks (4.1, wire-decisions.md 8) and the deliveries listing (our extension). */

async function requireWebhook(db: Db, hookId: string): Promise<WebhookRow> {
  const hook = await webhooksStore.findWebhook(db, hookId);
  if (!hook) throw notFound(`Webhook ${hookId}`, "webhook_not_found");
  return hook;
}

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

/** POST /v2/hooks: the webhook plus its `whsec_…` secret, shown this once. An unknown chatId is a 422 (the body is wrong, not the path). */
const createHook: Handler<"v2.hooks.create"> = async ({ db, body }) => {
  const input = body;
  const chatId = input.chatId ?? null;
  if (chatId !== null && !(await chatsStore.findChat(db, chatId))) {
    throw new HttpError(422, `chatId: chat ${chatId} not found`, "validation_failed");
  }
  const at = new Date();
  const row = await webhooksStore.insertWebhook(db, {
    id: newId("hook"),
    name: input.name,
    url: input.url,
    events: unique(input.events),
    chatId,
    secret: newWebhookSecret(),
    disabledAt: null,
    createdAt: at,
    updatedAt: at,
  });
  const created: WebhookCreated = { ...toWebhook(row), secret: row.secret };
  return json(created, 201);
};

/** GET /v2/hooks: `{items: [{id, name}]}`, newest first. */
const listHooks: Handler<"v2.hooks.list"> = async ({ db }) => {
  const rows = await webhooksStore.listWebhooks(db);
  const list: WebhookList = { items: rows.map((r) => ({ id: r.id, name: r.name })) };
  return json(list);
};

/** GET /v2/hooks/{hookId} */
const getHook: Handler<"v2.hooks.get"> = async ({ db, params }) =>
  json(toWebhook(await requireWebhook(db, params.hookId)));

/** PATCH /v2/hooks/{hookId}: name, events, url (all optional). A new url enables a webhook a 410 had disabled. */
const updateHook: Handler<"v2.hooks.update"> = async ({ db, params, body }) => {
  const hook = await requireWebhook(db, params.hookId);
  const input = body;
  const updated = await webhooksStore.updateWebhook(db, hook.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.events !== undefined ? { events: unique(input.events) } : {}),
    ...(input.url !== undefined ? { url: input.url, disabledAt: null } : {}),
    updatedAt: new Date(),
  });
  if (!updated) throw notFound(`Webhook ${hook.id}`, "webhook_not_found");
  return json(toWebhook(updated));
};

/** DELETE /v2/hooks/{hookId}: irreversible; its queued deliveries are dropped. */
const deleteHook: Handler<"v2.hooks.delete"> = async ({ db, params }) => {
  const hook = await requireWebhook(db, params.hookId);
  await webhooksStore.deleteWebhook(db, hook.id);
  const deleted: WebhookDeleted = { id: hook.id, deleted: true };
  return json(deleted);
};

/** GET /v2/hooks/{hookId}/deliveries?limit&cursor (extension): newest first, each with its attempts. */
const listHookDeliveries: Handler<"v2.hooks.deliveries"> = async ({ db, params, url }) => {
  const hook = await requireWebhook(db, params.hookId);
  const { limit, beforeSeq } = readPageQuery(url, "deliveries");
  const rows = await webhooksStore.listDeliveries(db, hook.id, { limit: limit + 1, beforeSeq });
  const page = toPage(rows, limit, "deliveries");
  const attempts = await webhooksStore.attemptsOf(
    db,
    page.items.map((d) => d.id),
  );
  const list: WebhookDeliveryList = { deliveries: page.items.map((d) => toDelivery(d, attempts)), cursor: page.cursor };
  return json(list);
};

/**
 * POST /v2/hooks/{hookId}/deliveries/{deliveryId}/resend (extension): one attempt now, answered with the
 * delivery including it. 409 while the webhook is disabled or an attempt is already in flight.
 */
const resendHookDelivery: Handler<"v2.hooks.resend"> = async ({ db, webhooks, params }) => {
  const hook = await requireWebhook(db, params.hookId);
  const delivery = await webhooksStore.findDelivery(db, hook.id, params.deliveryId);
  if (!delivery) throw notFound(`Delivery ${params.deliveryId}`, "delivery_not_found");
  if (hook.disabledAt) {
    throw new HttpError(
      409,
      "The webhook is disabled (its target answered 410 Gone); change its url to enable it.",
      "webhook_disabled",
    );
  }
  const done = await webhooks.resend(delivery);
  if (!done)
    throw new HttpError(409, "An attempt of this delivery is in progress; try again shortly.", "delivery_busy");
  const attempts = await webhooksStore.attemptsOf(db, [done.id]);
  return json(toDelivery(done, attempts));
};

/** The routes of lib/api/routes.ts this file answers. */
export const hookHandlers = {
  "v2.hooks.create": createHook,
  "v2.hooks.list": listHooks,
  "v2.hooks.get": getHook,
  "v2.hooks.update": updateHook,
  "v2.hooks.delete": deleteHook,
  "v2.hooks.deliveries": listHookDeliveries,
  "v2.hooks.resend": resendHookDelivery,
} satisfies HandlerTablePart;
