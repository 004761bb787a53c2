import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, test } from "vitest";
import { openInboxDb } from "./db";
import { receiveDelivery } from "./receiver";
import { inboxes } from "./schema";
import { InboxSecretKey, sealPlainInboxSecrets } from "./sealed-secret";
import { InboxStore } from "./store";

/**
 * The inbox's signing secrets are sealed at rest under a key of the dashboard's (from AUTH_SECRET): the row holds no
 * `whsec_…`, signed deliveries still verify, replacing the secret still works, and rows an earlier version stored in
 * clear are sealed when the inbox's database opens (once, whoever opens it first). A real PGlite directory.
 */
const APP = "http://dash.test";
const KEY = "the dashboard's auth secret";
const dir = mkdtempSync(path.join(tmpdir(), "atelier-inbox-sealed-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

function signed(secret: string): Request {
  const id = `dlv_${randomBytes(6).toString("hex")}`;
  const at = new Date();
  const body = JSON.stringify({ type: "chat.created", timestamp: at.toISOString(), data: { chatId: "chat_1" } });
  return new Request(`${APP}/api/inbox/x`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign(id, at, body),
    },
    body,
  });
}

async function withStore<T>(secretKey: string, fn: (store: InboxStore) => Promise<T>): Promise<T> {
  const store = await InboxStore.open({ dataDir: dir, appUrl: APP, secretKey });
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

describe("inbox signing secrets at rest", { timeout: 240_000 }, () => {
  test("the row holds no plaintext secret; deliveries verify; a new secret replaces the old", async () => {
    await withStore(KEY, async (store) => {
      const inbox = await store.create("sealed");
      const first = newSecret();
      await store.setSecret(inbox.id, first, "hook_1");
      const row = (await store.find(inbox.id))!;
      expect(row.secret).toMatch(/^v1\./);
      expect(JSON.stringify(row)).not.toContain(first.slice("whsec_".length));
      expect(store.toInbox(row)).toMatchObject({ hasSecret: true, unsigned: false });
      expect((await receiveDelivery(store, inbox.id, signed(first))).status).toBe(200);

      const second = newSecret();
      await store.setSecret(inbox.id, second);
      expect((await receiveDelivery(store, inbox.id, signed(second))).status).toBe(200);
      expect((await receiveDelivery(store, inbox.id, signed(first))).status).toBe(401);
      const [stored] = await store.deliveries(inbox.id, { limit: 1 });
      expect(stored!.verified).toBe(true);
    });
  });

  test("rows stored in clear are sealed when the database opens, once, and still verify", async () => {
    const secret = newSecret();
    const raw = await openInboxDb({ dataDir: dir });
    try {
      await raw.db.insert(inboxes).values({ id: "inbox_old", name: "old", secret, createdAt: new Date() });
      // Several instances at once (the step runs whenever the database opens): the row is sealed by one of them.
      const key = new InboxSecretKey(KEY);
      const counts = await Promise.all([1, 2, 3].map(() => sealPlainInboxSecrets(raw.db, key)));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await sealPlainInboxSecrets(raw.db, key)).toBe(0);
      // Back in clear, as an earlier version left it, for the open below to seal.
      await raw.db.update(inboxes).set({ secret }).where(eq(inboxes.id, "inbox_old"));
    } finally {
      await raw.close();
    }
    await withStore(KEY, async (store) => {
      const row = (await store.find("inbox_old"))!;
      expect(row.secret).toMatch(/^v1\./);
      expect(row.secret).not.toContain(secret.slice("whsec_".length));
      expect((await receiveDelivery(store, "inbox_old", signed(secret))).status).toBe(200);
    });
  });

  test("under another AUTH_SECRET the secret cannot be read: 503 saying so, and attaching it again mends it", async () => {
    await withStore("another auth secret", async (store) => {
      const secret = newSecret();
      const refused = await receiveDelivery(store, "inbox_old", signed(secret));
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { message: string }).message).toMatch(/cannot be read .*attach/);
      await store.setSecret("inbox_old", secret);
      expect((await receiveDelivery(store, "inbox_old", signed(secret))).status).toBe(200);
    });
  });
});
