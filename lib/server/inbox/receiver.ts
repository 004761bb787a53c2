import "server-only";
import { randomUUID } from "node:crypto";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { TOO_DEEP_MESSAGE, nestedDeeperThan } from "@/lib/api";
import type { InboxStore } from "./store";

/** Largest delivery the inbox accepts. */
export const MAX_DELIVERY_BYTES = 1024 * 1024;

const reply = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { "cache-control": "no-store" } });

/**
 * POST /api/inbox/{inboxId}: a Standard Webhooks receiver. Unknown inbox 404; over 1 MB 413; no secret
 * attached yet 503 (the sender retries); a missing or wrong signature, or a timestamp outside ±5 min, 401
 * and nothing stored; a signed body that is not JSON 400. A redelivery of a `webhook-id` already stored
 * answers 200 and stores nothing new. An inbox marked `unsigned` (its service revealed no secret) stores what
 * arrives without checking a signature, marked unverified.
 */
export async function receiveDelivery(store: InboxStore, inboxId: string, request: Request): Promise<Response> {
  const inbox = await store.find(inboxId);
  if (!inbox) return reply(404, { message: `Inbox ${inboxId} not found.` });

  const body = await readLimited(request, MAX_DELIVERY_BYTES);
  if (body === null) return reply(413, { message: "Delivery larger than 1 MB." });
  if (!inbox.secret && !inbox.unsigned)
    return reply(503, { message: "This inbox has no signing secret yet; attach the webhook's secret." });
  const secret = store.signingSecret(inbox);
  if (secret === undefined)
    return reply(503, {
      message: "This inbox's signing secret cannot be read (AUTH_SECRET changed?); attach the webhook's secret again.",
    });

  const headers = {
    "webhook-id": request.headers.get("webhook-id") ?? "",
    "webhook-timestamp": request.headers.get("webhook-timestamp") ?? "",
    "webhook-signature": request.headers.get("webhook-signature") ?? "",
  };
  if (secret) {
    try {
      new Webhook(secret).verify(body, headers, { jsonParse: false });
    } catch (error) {
      const reason = error instanceof WebhookVerificationError ? error.message : "Invalid signature";
      return reply(401, { message: `Signature rejected: ${reason}.` });
    }
  }

  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return reply(400, { message: "The delivery body is not JSON." });
  }
  // Stored as jsonb: JSON.stringify of a deeper value overflows the stack.
  if (nestedDeeperThan(payload)) return reply(422, { message: `The delivery's ${TOO_DEEP_MESSAGE}` });
  const stored = await store.addDelivery(inbox.id, {
    // Unsigned deliveries without an id are each kept.
    deliveryId: headers["webhook-id"] || `unsigned_${randomUUID()}`,
    type: stringAt(payload, ["type"]) ?? "unknown",
    chatId: stringAt(payload, ["data", "chatId"]),
    payload,
    verified: Boolean(secret),
    receivedAt: new Date(),
  });
  return reply(200, { received: true, duplicate: !stored });
}

function stringAt(value: unknown, path: string[]): string | null {
  let at: unknown = value;
  for (const key of path) {
    if (typeof at !== "object" || at === null) return null;
    at = (at as Record<string, unknown>)[key];
  }
  return typeof at === "string" ? at : null;
}

/** The body as text, or null when it is larger than `limit` bytes (declared or actual). */
async function readLimited(request: Request, limit: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
