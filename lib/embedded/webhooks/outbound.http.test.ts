import { afterEach, describe, expect, test } from "vitest";
import { WebhookCreated, WebhookDelivery, WebhookDeliveryList } from "@/lib/api";
import type { EmbeddedService } from "../service";
import { call, expectSchema, startService } from "../test-support";
import { startReceiver, type TestReceiver } from "./test-receiver";

/**
 * Webhook deliveries go through the one private-address rule (outbound/): a target on a private address is refused
 * and the refusal is a failed attempt whose error says why; the dashboard's inbox on the service's own origin
 * (`/api/inbox/…`, that path only) is the one exemption; EMBEDDED_FETCH_ALLOW_PRIVATE=1 lifts the rule. The receivers are real, on 127.0.0.1.
 */

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  delete process.env.EMBEDDED_FETCH_ALLOW_PRIVATE;
  while (cleanup.length) await cleanup.pop()!().catch(() => {});
});

async function receiver(): Promise<TestReceiver> {
  const r = await startReceiver();
  cleanup.push(() => r.close());
  return r;
}

/** A service whose own origin is `origin`, with the rule on (the tests' default lifts it). */
async function guardedService(origin: string): Promise<EmbeddedService> {
  delete process.env.EMBEDDED_FETCH_ALLOW_PRIVATE;
  const svc = await startService({
    publicBaseUrl: `${origin}/svc`,
    fetchAllowPrivate: false,
    webhookRetrySchedule: [3_600_000],
    webhookTimeoutMs: 2000,
  });
  cleanup.push(() => svc.close());
  return svc;
}

async function hookTo(svc: EmbeddedService, url: string): Promise<string> {
  const res = await call(svc, "POST", "/v2/hooks", { body: { name: "guarded", url, events: ["chat.created"] } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return expectSchema(WebhookCreated, res.body).id;
}

/** A test event's delivery after its first attempt. */
async function sendTest(svc: EmbeddedService, hookId: string): Promise<WebhookDelivery> {
  const res = await call(svc, "POST", `/v2/hooks/${hookId}/test`, { body: { event: "chat.created" } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(WebhookDelivery, res.body);
}

describe("webhook deliveries and private addresses", () => {
  test("a private target is refused without a connection, recorded as a failed attempt saying why; the dashboard's inbox on its own origin is delivered to", async () => {
    const own = await receiver();
    const other = await receiver();
    const svc = await guardedService(`http://127.0.0.1:${own.port}`);

    const inbox = await sendTest(svc, await hookTo(svc, `http://127.0.0.1:${own.port}/api/inbox/inb_1`));
    expect(inbox.status).toBe("succeeded");
    expect(inbox.attempts[0]).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(own.received).toHaveLength(1);

    // Another port of the same machine, the same port by another name, and other paths of the service's own origin
    // (its API, the inbox's admin routes): only the inbox path is exempt.
    for (const url of [
      other.url,
      `http://localhost:${own.port}/hook`,
      `http://127.0.0.1:${own.port}/hook`,
      `http://127.0.0.1:${own.port}/svc/v2/chats`,
      `http://127.0.0.1:${own.port}/api/inbox-admin/inb_1/secret`,
    ]) {
      const hookId = await hookTo(svc, url);
      const refused = await sendTest(svc, hookId);
      expect(refused.attempts[0], url).toMatchObject({ ok: false, statusCode: null, responseExcerpt: "" });
      expect(refused.attempts[0]!.error, url).toMatch(
        /^refused: .* is not a public host .*webhooks reach only public addresses; EMBEDDED_FETCH_ALLOW_PRIVATE=1/,
      );
      // The refusal is what the webhook's deliveries show.
      const listed = expectSchema(
        WebhookDeliveryList,
        (await call(svc, "GET", `/v2/hooks/${hookId}/deliveries?limit=10`)).body,
      );
      expect(listed.deliveries[0]!.attempts[0]!.error).toMatch(/^refused: /);
    }
    expect(other.received).toHaveLength(0);
    expect(own.received).toHaveLength(1);
  });

  test("EMBEDDED_FETCH_ALLOW_PRIVATE=1 lets a delivery reach a private address", async () => {
    const own = await receiver();
    const other = await receiver();
    const svc = await guardedService(`http://127.0.0.1:${own.port}`);
    const hookId = await hookTo(svc, other.url);
    process.env.EMBEDDED_FETCH_ALLOW_PRIVATE = "1";
    const delivered = await sendTest(svc, hookId);
    expect(delivered.attempts[0]).toMatchObject({ ok: true, statusCode: 200 });
    expect(other.received).toHaveLength(1);
  });
});
