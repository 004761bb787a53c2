import "server-only";
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

/** A Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** The three Standard Webhooks headers of one attempt: HMAC-SHA256 over `id.timestamp.body`. */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, body),
  };
}
