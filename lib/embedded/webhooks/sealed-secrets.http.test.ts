import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { RotatedWebhookSecret, WebhookCreated, WebhookDelivery } from "@/lib/api";
import { SecretBox } from "../mcp/secret-box";
import type { EmbeddedService } from "../service";
import { openDatabase } from "../store";
import { webhooks } from "../store/schema";
import { call, expectSchema, startService, TEST_KEY } from "../test-support";
import { sealPlainWebhookSecrets } from "./sealed-secrets";
import { startReceiver, type TestReceiver } from "./test-receiver";

/**
 * Webhook signing secrets are sealed at rest with the service's SecretBox: the database row holds no `whsec_…`, the
 * deliveries still verify with the secret shown at creation (and at rotation), and rows an earlier version stored in
 * clear are sealed at the next start, once, whichever instance gets there first. Real receiver, real PGlite directory.
 */
// One data directory on disk for the file (a new one costs an initdb); the service restarts on it where a test needs a
// start (the sealing step) or another key.
let dir: string;
let svc: EmbeddedService;
const cleanup: Array<() => Promise<void>> = [];
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "atelier-sealed-hooks-"));
  svc = await startService({ dataDir: dir, webhookRetrySchedule: [3_600_000] });
}, 300_000);
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!().catch(() => {});
});
afterAll(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The service started again on the same directory (with another key when given), as the next start would. */
async function restart(secretKey?: string): Promise<EmbeddedService> {
  await svc.close();
  svc = await startService({ dataDir: dir, webhookRetrySchedule: [3_600_000], secretKey });
  return svc;
}

async function receiver(): Promise<TestReceiver> {
  const r = await startReceiver();
  cleanup.push(() => r.close());
  return r;
}

/** The webhook's stored row, read from the service's directory (lib/db shares the open database). */
async function storedRow(hookId: string) {
  const database = await openDatabase({ dataDir: path.join(dir, "pglite") });
  try {
    const [row] = await database.db.select().from(webhooks).where(eq(webhooks.id, hookId));
    return row!;
  } finally {
    await database.close();
  }
}

async function createHook(svc: EmbeddedService, url: string): Promise<WebhookCreated> {
  const res = await call(svc, "POST", "/v2/hooks", { body: { name: "sealed", url, events: ["chat.created"] } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return expectSchema(WebhookCreated, res.body);
}

async function sendTest(svc: EmbeddedService, hookId: string): Promise<WebhookDelivery> {
  const res = await call(svc, "POST", `/v2/hooks/${hookId}/test`, { body: { event: "chat.created" } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(WebhookDelivery, res.body);
}

/** Which of `secrets` sign the delivery (Standard Webhooks: any one of its signatures is enough). */
function verifiedBy(r: TestReceiver, n: number, secrets: string[]): boolean[] {
  const got = r.received[n]!;
  const headers = Object.fromEntries(
    ["webhook-id", "webhook-timestamp", "webhook-signature"].map((h) => [h, String(got.headers[h])]),
  );
  return secrets.map((secret) => {
    try {
      new Webhook(secret).verify(got.body, headers);
      return true;
    } catch {
      return false;
    }
  });
}

describe("webhook signing secrets at rest", { timeout: 120_000 }, () => {
  test("the row holds no plaintext secret, the delivery verifies with the one shown, rotation keeps both working", async () => {
    const r = await receiver();
    const hook = await createHook(svc, r.url);
    expect((await sendTest(svc, hook.id)).status).toBe("succeeded");
    expect(verifiedBy(r, 0, [hook.secret])).toEqual([true]);

    const rotated = expectSchema(
      RotatedWebhookSecret,
      (await call(svc, "POST", `/v2/hooks/${hook.id}/rotate-secret`)).body,
    );
    expect(rotated.secret).not.toBe(hook.secret);
    await sendTest(svc, hook.id);
    // During the overlap each delivery carries a signature of either secret.
    expect(verifiedBy(r, 1, [rotated.secret, hook.secret])).toEqual([true, true]);

    const row = await storedRow(hook.id);
    const dump = JSON.stringify(row);
    for (const secret of [hook.secret, rotated.secret]) {
      expect(dump).not.toContain(secret);
      expect(dump).not.toContain(secret.slice("whsec_".length));
    }
    expect(row.secret).toMatch(/^v1\./);
    expect(row.previousSecret).toMatch(/^v1\./);
    // Sealed with the service's key (the API key here), bound to this webhook.
    const box = new SecretBox(TEST_KEY);
    expect(box.open(row.secret, `webhook:${hook.id}:signing`)).toBe(rotated.secret);
    expect(box.open(row.secret, `webhook:other:signing`)).toBeNull();

    // Signing still works after a restart (the sealed value is read back).
    await sendTest(await restart(), hook.id);
    expect(verifiedBy(r, 2, [rotated.secret])).toEqual([true]);
  });

  test("rows an earlier version stored in clear are sealed at the next start, once, and still sign", async () => {
    const r = await receiver();
    const hook = await createHook(svc, r.url);
    // As an earlier version left it: the current and the previous secret in clear.
    const previous = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    const database = await openDatabase({ dataDir: path.join(dir, "pglite") });
    try {
      await database.db
        .update(webhooks)
        .set({ secret: hook.secret, previousSecret: previous, previousSecretUntil: new Date(Date.now() + 3_600_000) })
        .where(eq(webhooks.id, hook.id));
      // Several instances sealing at once (the step runs at every start): each row is sealed once, by one of them.
      const box = new SecretBox(TEST_KEY);
      const counts = await Promise.all([1, 2, 3].map(() => sealPlainWebhookSecrets(database.db, box)));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await sealPlainWebhookSecrets(database.db, box)).toBe(0);
      const [row] = await database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
      expect(box.open(row!.secret, `webhook:${hook.id}:signing`)).toBe(hook.secret);
      expect(box.open(row!.previousSecret!, `webhook:${hook.id}:signing`)).toBe(previous);
      // Back in clear, for the start below to seal.
      await database.db
        .update(webhooks)
        .set({ secret: hook.secret, previousSecret: previous })
        .where(eq(webhooks.id, hook.id));
    } finally {
      await database.close();
    }

    await sendTest(await restart(), hook.id);
    expect(verifiedBy(r, 0, [hook.secret, previous])).toEqual([true, true]);
    expect(JSON.stringify(await storedRow(hook.id))).not.toContain("whsec_");
  });

  test("a secret sealed under another key signs nothing: the attempt fails saying so, and rotating mends it", async () => {
    const r = await receiver();
    const hook = await createHook(svc, r.url);

    await restart("another key");
    const failed = await sendTest(svc, hook.id);
    expect(failed.attempts[0]).toMatchObject({ ok: false, statusCode: null });
    expect(failed.attempts[0]!.error).toMatch(/^not sent: the signing secret cannot be read .*rotate/);
    expect(r.received).toHaveLength(0);

    const rotated = expectSchema(
      RotatedWebhookSecret,
      (await call(svc, "POST", `/v2/hooks/${hook.id}/rotate-secret`)).body,
    );
    expect((await sendTest(svc, hook.id)).status).toBe("succeeded");
    expect(verifiedBy(r, 0, [rotated.secret])).toEqual([true]);
  });
});
