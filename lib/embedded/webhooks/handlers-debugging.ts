import "server-only";
import { notify } from "@/lib/db/notify";
import {
  webhookEventCatalog,
  type ReplayDeliveriesResult,
  type RotatedWebhookSecret,
  type WebhookEventTypeList,
} from "@/lib/api";
import { json } from "../http/respond";
import { DELIVERIES_CHANNEL, SECRET_OVERLAP_MS, newWebhookSecret, toDelivery, webhooksStore } from ".";
import type { Handler, HandlerTablePart } from "../http/context";
import { requireWebhook, webhookDisabled } from "./handlers";

/** Debugging a webhook in place (our extensions): the event catalog, test events, replay, secret rotation. */

/** Built once: the catalog depends on nothing but the schemas. */
let catalog: WebhookEventTypeList | null = null;

/** GET /v2/hooks/event-types: each event's description, JSON Schema (from its zod schema) and example. */
const eventTypes: Handler<"v2.hooks.eventTypes"> = async () => json((catalog ??= webhookEventCatalog()));

/**
 * POST /v2/hooks/{hookId}/test `{event}`: the example of the event, signed and sent now as a delivery with trigger
 * `test`; answered with that delivery and its attempt (a failure is retried on the schedule like any delivery). A
 * disabled webhook gets it too: that is how one checks a target before enabling it again.
 */
const sendTest: Handler<"v2.hooks.test"> = async ({ db, webhooks, params, body }) => {
  const hook = await requireWebhook(db, params.hookId);
  const delivery = await webhooks.sendTest(hook, body.event);
  const attempts = await webhooksStore.attemptsOf(db, [delivery.id]);
  return json(toDelivery(delivery, attempts));
};

/**
 * POST /v2/hooks/{hookId}/deliveries/replay `{since, status?}`: every delivery created since then whose last attempt
 * failed (or, with `status: "all"`, every one not in flight) is due again now; the worker sends them and records
 * each attempt with trigger `replay`. `{replayed}` says how many. 409 while the webhook is disabled.
 */
const replay: Handler<"v2.hooks.replay"> = async ({ db, params, body }) => {
  const hook = await requireWebhook(db, params.hookId);
  if (hook.disabledAt) throw webhookDisabled(hook);
  const replayed = await webhooksStore.markForReplay(db, hook.id, {
    since: new Date(body.since),
    all: body.status === "all",
    now: new Date(),
  });
  if (replayed) await notify(db, DELIVERIES_CHANNEL, "");
  const result: ReplayDeliveriesResult = { replayed };
  return json(result);
};

/**
 * POST /v2/hooks/{hookId}/rotate-secret: a new signing secret, shown this once. For 24 hours every delivery is signed
 * with both the new and the previous one (several space-separated signatures, as Standard Webhooks allows), then
 * with the new one only. Rotating again within the overlap drops the oldest.
 */
const rotateSecret: Handler<"v2.hooks.rotateSecret"> = async ({ db, webhooks, params, people, caller }) => {
  const hook = await requireWebhook(db, params.hookId);
  const now = webhooks.now();
  const secret = newWebhookSecret();
  await db.transaction(async (tx) => {
    await webhooksStore.updateWebhook(tx, hook.id, {
      secret: webhooks.sealSecret(hook.id, secret),
      // Sealed as it is (one context for both fields), or in clear until the next start seals it (sealed-secrets.ts).
      previousSecret: hook.secret,
      previousSecretUntil: new Date(now.getTime() + SECRET_OVERLAP_MS),
      updatedAt: new Date(),
    });
    const detail = { name: hook.name };
    await people.audit.record(
      { actor: caller.personId, action: "webhook.secret_rotated", target: hook.id, detail },
      tx,
    );
  });
  const rotated: RotatedWebhookSecret = { secret };
  return json(rotated);
};

/** The routes of lib/api/routes.ts this file answers. */
export const hookDebuggingHandlers = {
  "v2.hooks.eventTypes": eventTypes,
  "v2.hooks.test": sendTest,
  "v2.hooks.replay": replay,
  "v2.hooks.rotateSecret": rotateSecret,
} satisfies HandlerTablePart;
