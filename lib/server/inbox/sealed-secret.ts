import "server-only";
import { and, eq, like } from "drizzle-orm";
import { SealingKey } from "@/lib/db/sealing";
import type { InboxDb } from "./db";
import { inboxes } from "./schema";

/**
 * Inbox signing secrets at rest: sealed (lib/db/sealing.ts, AES-256-GCM) under a key of the dashboard's own, derived
 * from its AUTH_SECRET (given, or generated once into DATA_DIR/secrets.json; every instance of a cluster shares it),
 * each bound to its inbox (`inbox:<id>:secret`). A row written before sealing existed holds its `whsec_…` in clear
 * until `sealPlainInboxSecrets` (run whenever the inbox's database opens) seals it; it is read as it is meanwhile.
 */
export class InboxSecretKey extends SealingKey {
  constructor(authSecret: string) {
    super(authSecret, "atelier-dashboard", "inbox-secrets/aes-256-gcm");
  }
}

const contextOf = (inboxId: string) => `inbox:${inboxId}:secret`;
const isPlain = (stored: string) => stored.startsWith("whsec_");

export function sealInboxSecret(key: InboxSecretKey, inboxId: string, secret: string): string {
  return key.seal(secret, contextOf(inboxId));
}

/** The stored secret in clear; null when it cannot be opened (sealed under another AUTH_SECRET). */
export function openInboxSecret(key: InboxSecretKey, inboxId: string, stored: string): string | null {
  return isPlain(stored) ? stored : key.open(stored, contextOf(inboxId));
}

/**
 * Seals the secrets of inboxes still holding one in clear; returns how many. Idempotent and safe with several
 * instances at once: a row is written only if it still holds what was read (a compare-and-set).
 */
export async function sealPlainInboxSecrets(db: InboxDb, key: InboxSecretKey): Promise<number> {
  const rows = await db
    .select({ id: inboxes.id, secret: inboxes.secret })
    .from(inboxes)
    .where(like(inboxes.secret, "whsec\\_%"));
  let sealed = 0;
  for (const { id, secret } of rows) {
    const updated = await db
      .update(inboxes)
      .set({ secret: sealInboxSecret(key, id, secret!) })
      .where(and(eq(inboxes.id, id), eq(inboxes.secret, secret!)))
      .returning({ id: inboxes.id });
    sealed += updated.length;
  }
  return sealed;
}
