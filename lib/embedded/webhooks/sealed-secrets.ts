import "server-only";
import { and, eq, isNull, like, or } from "drizzle-orm";
import type { SecretBox } from "../mcp/secret-box";
import type { Db } from "../store";
import { webhooks, type WebhookRow } from "../store/schema";

/**
 * Webhook signing secrets at rest: sealed with the service's SecretBox (lib/db/sealing.ts), bound to the webhook
 * (`webhook:<id>:signing`, the current and the previous secret alike, so a rotation moves the sealed value as it is).
 * A row written before sealing existed holds its `whsec_…` in clear until `sealPlainWebhookSecrets` (run at every
 * start) seals it; it is read as it is meanwhile.
 */

const contextOf = (hookId: string) => `webhook:${hookId}:signing`;
const isPlain = (stored: string) => stored.startsWith("whsec_");

/** A new secret as the row keeps it. */
export function sealWebhookSecret(box: SecretBox, hookId: string, secret: string): string {
  return box.seal(secret, contextOf(hookId));
}

/** A stored secret in clear; null when it cannot be opened (sealed under another key: the service's key changed). */
function openWebhookSecret(box: SecretBox, hookId: string, stored: string): string | null {
  return isPlain(stored) ? stored : box.open(stored, contextOf(hookId));
}

/**
 * The secrets a delivery made at `now` is signed with: the current one, and the previous one during the rotation's
 * overlap. Empty when the current one cannot be opened.
 */
export function openSigningSecrets(
  box: SecretBox,
  hook: Pick<WebhookRow, "id" | "secret" | "previousSecret" | "previousSecretUntil">,
  now: Date,
): string[] {
  const current = openWebhookSecret(box, hook.id, hook.secret);
  if (current === null) return [];
  const overlap = hook.previousSecret && hook.previousSecretUntil && hook.previousSecretUntil > now;
  const previous = overlap ? openWebhookSecret(box, hook.id, hook.previousSecret!) : null;
  return previous === null ? [current] : [current, previous];
}

/**
 * Seals the secrets of rows still holding one in clear (written before secrets were sealed); returns how many rows.
 * Idempotent and safe with several instances starting at once: each row is written only if it still holds what was
 * read (a compare-and-set), so a row sealed meanwhile by another instance is left alone.
 */
export async function sealPlainWebhookSecrets(db: Db, box: SecretBox): Promise<number> {
  const rows = await db
    .select({ id: webhooks.id, secret: webhooks.secret, previousSecret: webhooks.previousSecret })
    .from(webhooks)
    .where(or(like(webhooks.secret, "whsec\\_%"), like(webhooks.previousSecret, "whsec\\_%")));
  let sealed = 0;
  for (const row of rows) {
    const seal = (stored: string | null) =>
      stored !== null && isPlain(stored) ? sealWebhookSecret(box, row.id, stored) : stored;
    const updated = await db
      .update(webhooks)
      .set({ secret: seal(row.secret)!, previousSecret: seal(row.previousSecret) })
      .where(
        and(
          eq(webhooks.id, row.id),
          eq(webhooks.secret, row.secret),
          row.previousSecret === null
            ? isNull(webhooks.previousSecret)
            : eq(webhooks.previousSecret, row.previousSecret),
        ),
      )
      .returning({ id: webhooks.id });
    sealed += updated.length;
  }
  return sealed;
}
