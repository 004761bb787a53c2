import "server-only";
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

/** A Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** How long a rotated-out secret keeps signing deliveries next to the new one. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/**
 * The three Standard Webhooks headers of one attempt: HMAC-SHA256 over `id.timestamp.body`, one `v1,…` signature per
 * secret, space-separated (the specification's way of carrying several during a rotation).
 */
export function signedHeaders(secrets: readonly string[], id: string, at: Date, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(" "),
  };
}
