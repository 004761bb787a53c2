import "server-only";
import { notify } from "@/lib/db/notify";
import {
  WebhookDeliveryFilter,
  type WebhookCreated,
  type WebhookDeleted,
  type WebhookDeliveryList,
  type WebhookList,
} from "@/lib/api";
import { HttpError, notFound } from "../errors";
import { readPageQuery, toPage } from "../http/pagination";
import { json } from "../http/respond";
import { newId } from "../ids";
import { type Db } from "../store";
import type { WebhookRow } from "../store/schema";
import { DELIVERIES_CHANNEL, newWebhookSecret, toDelivery, toWebhook, webhooksStore } from ".";
import type { Handler, HandlerTablePart } from "../http/context";

/** Webhooks (4.1, wire-decisions.md 8) and the deliveries listing (our extension). */

export async function requireWebhook(db: Db, hookId: string): Promise<WebhookRow> {
  const hook = await webhooksStore.findWebhook(db, hookId);
  if (!hook) throw notFound(`Webhook ${hookId}`, "webhook_not_found");
  return hook;
}

/**
 * A webhook delivers what its maker may read (enqueue.ts): only they send it elsewhere (a new url) or read what it
 * carried (its deliveries). Another admin sees it, pauses, tests, rotates or deletes it; not that.
 */
function requireMaker(hook: WebhookRow, personId: string, what: string): void {
  if (hook.createdBy !== personId)
    throw new HttpError(403, `Webhook ${hook.id} delivers what its maker may read: only they ${what}.`, "author_only");
}

/** 409 for what a disabled webhook does not do (resend, replay). */
export const webhookDisabled = (hook: WebhookRow) =>
  new HttpError(
    409,
    `The webhook is disabled (${hook.disabledReason ?? "no reason recorded"}); enable it first.`,
    "webhook_disabled",
  );

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

/**
 * POST /v2/hooks: the webhook plus its `whsec_…` secret, shown this once; its maker (`createdBy`) is the caller, and
 * its deliveries go out only for chats they may read. A chatId unknown to the caller is a 422 (the body is wrong, not
 * the path; the router checks it, http/chat-gate.ts).
 */
const createHook: Handler<"v2.hooks.create"> = async ({ db, webhooks, body, people, caller }) => {
  const input = body;
  const chatId = input.chatId ?? null;
  const at = new Date();
  const id = newId("hook");
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    const row = await webhooksStore.insertWebhook(tx, {
      id,
      name: input.name,
      url: input.url,
      events: unique(input.events),
      chatId,
      createdBy: caller.personId,
      secret: webhooks.sealSecret(id, secret),
      previousSecret: null,
      previousSecretUntil: null,
      disabledAt: null,
      disabledReason: null,
      failingSince: null,
      createdAt: at,
      updatedAt: at,
    });
    const detail = { name: row.name, url: row.url, events: row.events };
    await people.audit.record({ actor: caller.personId, action: "webhook.created", target: row.id, detail }, tx);
    return row;
  });
  const created: WebhookCreated = { ...toWebhook(row), secret };
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

/**
 * PATCH /v2/hooks/{hookId}: name, events, url (all optional), and our `disabled`. A new url or `disabled: false`
 * enables a disabled webhook (its held deliveries go out); `disabled: true` pauses it.
 */
const updateHook: Handler<"v2.hooks.update"> = async ({ db, params, body, caller }) => {
  const hook = await requireWebhook(db, params.hookId);
  const input = body;
  if (input.url !== undefined && input.url !== hook.url) requireMaker(hook, caller.personId, "change its url");
  const at = new Date();
  const enable = input.disabled === false || (input.url !== undefined && input.disabled !== true);
  const updated = await webhooksStore.updateWebhook(db, hook.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.events !== undefined ? { events: unique(input.events) } : {}),
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(enable ? { disabledAt: null, disabledReason: null, failingSince: null } : {}),
    ...(input.disabled === true && !hook.disabledAt ? { disabledAt: at, disabledReason: "Disabled by hand." } : {}),
    updatedAt: at,
  });
  if (!updated) throw notFound(`Webhook ${hook.id}`, "webhook_not_found");
  if (enable && hook.disabledAt) await notify(db, DELIVERIES_CHANNEL, "");
  return json(toWebhook(updated));
};

/** DELETE /v2/hooks/{hookId}: irreversible; its queued deliveries are dropped. */
const deleteHook: Handler<"v2.hooks.delete"> = async ({ db, params, people, caller }) => {
  const hook = await requireWebhook(db, params.hookId);
  await db.transaction(async (tx) => {
    await webhooksStore.deleteWebhook(tx, hook.id);
    const detail = { name: hook.name, url: hook.url };
    await people.audit.record({ actor: caller.personId, action: "webhook.deleted", target: hook.id, detail }, tx);
  });
  const deleted: WebhookDeleted = { id: hook.id, deleted: true };
  return json(deleted);
};

/** GET /v2/hooks/{hookId}/deliveries?limit&cursor&status&type (extension): newest first, each with its attempts. */
const listHookDeliveries: Handler<"v2.hooks.deliveries"> = async ({ db, params, url, caller }) => {
  const hook = await requireWebhook(db, params.hookId);
  requireMaker(hook, caller.personId, "read its deliveries");
  const { limit, beforeSeq } = readPageQuery(url, "deliveries");
  const filter = WebhookDeliveryFilter.safeParse({
    status: url.searchParams.get("status") || undefined,
    type: url.searchParams.get("type") || undefined,
  });
  if (!filter.success) {
    const issue = filter.error.issues[0]!;
    throw new HttpError(422, `${issue.path.join(".")}: ${issue.message}`, "validation_failed");
  }
  const rows = await webhooksStore.listDeliveries(db, hook.id, { limit: limit + 1, beforeSeq, ...filter.data });
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
const resendHookDelivery: Handler<"v2.hooks.resend"> = async ({ db, webhooks, params, caller }) => {
  const hook = await requireWebhook(db, params.hookId);
  requireMaker(hook, caller.personId, "read its deliveries");
  const delivery = await webhooksStore.findDelivery(db, hook.id, params.deliveryId);
  if (!delivery) throw notFound(`Delivery ${params.deliveryId}`, "delivery_not_found");
  if (hook.disabledAt) throw webhookDisabled(hook);
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
