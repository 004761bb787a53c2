import Ajv2020 from "ajv/dist/2020";
import { Webhook as Verifier } from "standardwebhooks";
import { afterEach, describe, expect, test } from "vitest";
import {
  ChatWithUsage,
  ReplayDeliveriesResult,
  RotatedWebhookSecret,
  Webhook,
  WebhookCreated,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEvent,
  WebhookEventTypeList,
  webhookEventExample,
} from "@/lib/api";
import type { EmbeddedService } from "../service";
import { call, expectSchema, startService, waitFor } from "../test-support";
import { startReceiver, type Received, type TestReceiver } from "./test-receiver";

/**
 * Debugging a webhook in place, against real receivers on loopback ports: the event catalog, test events, replay,
 * secret rotation and the auto-disable after days of failures (an injected clock stands for the days).
 */

const DAY = 24 * 60 * 60 * 1000;

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!().catch(() => {});
});

/** A clock a test moves by hand. */
function manualClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => void (offset += ms) };
}

async function service(over: Parameters<typeof startService>[0] = {}): Promise<EmbeddedService> {
  // One attempt per delivery unless a test says otherwise: the counts below are exact.
  const svc = await startService({ webhookRetrySchedule: [], webhookTimeoutMs: 5000, ...over });
  cleanup.push(() => svc.close());
  return svc;
}

async function receiver(reply?: TestReceiver["reply"]): Promise<TestReceiver> {
  const r = await startReceiver({ reply });
  cleanup.push(() => r.close());
  return r;
}

async function createHook(svc: EmbeddedService, url: string, events: WebhookEvent[] = ["chat.created"]) {
  const res = await call(svc, "POST", "/v2/hooks", { body: { name: "debug", url, events } });
  expect(res.status).toBe(201);
  return expectSchema(WebhookCreated, res.body);
}

async function sendTest(svc: EmbeddedService, hookId: string, event: WebhookEvent = "chat.created") {
  const res = await call(svc, "POST", `/v2/hooks/${hookId}/test`, { body: { event } });
  expect(res.status).toBe(200);
  return expectSchema(WebhookDelivery, res.body);
}

async function deliveries(svc: EmbeddedService, hookId: string, query = "") {
  const res = await call(svc, "GET", `/v2/hooks/${hookId}/deliveries?limit=100${query}`);
  expect(res.status).toBe(200);
  return expectSchema(WebhookDeliveryList, res.body).deliveries;
}

async function hookOf(svc: EmbeddedService, hookId: string) {
  return expectSchema(Webhook, (await call(svc, "GET", `/v2/hooks/${hookId}`)).body);
}

const headersOf = (got: Received) => got.headers as Record<string, string>;
const verifies = (secret: string, got: Received) => {
  try {
    new Verifier(secret).verify(got.body, headersOf(got));
    return true;
  } catch {
    return false;
  }
};

describe("event catalog", () => {
  test("seven events, each with a JSON Schema its example and a real delivery satisfy", async () => {
    const r = await receiver();
    const svc = await service();
    const res = await call(svc, "GET", "/v2/hooks/event-types");
    expect(res.status).toBe(200);
    const { items } = expectSchema(WebhookEventTypeList, res.body);
    expect(items.map((i) => i.name)).toEqual(WebhookEvent.options);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const item of items) {
      expect(item.description.length).toBeGreaterThan(5);
      const validate = ajv.compile(item.schema);
      expect(validate(item.example), `${item.name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect(item.example).toMatchObject({ type: item.name });
      // A payload of another event is refused: the schema says something.
      const other = items.find((i) => i.name !== item.name)!;
      expect(validate(other.example)).toBe(false);
    }

    // What a real chat delivers satisfies the catalog's schema of its event.
    const hook = await createHook(svc, r.url, ["chat.created", "message.finished"]);
    const chat = await call(svc, "POST", "/v2/chats", { body: { message: "A tiny counter" } });
    expectSchema(ChatWithUsage, chat.body);
    await waitFor(async () => (r.received.length >= 2 ? true : undefined));
    for (const got of r.received) {
      const body = new Verifier(hook.secret).verify(got.body, headersOf(got)) as { type: WebhookEvent };
      const validate = ajv.compile(items.find((i) => i.name === body.type)!.schema);
      expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
    }
  });
});

describe("test events, replay and the deliveries filter", () => {
  test("a test event is signed, delivered now and listed with trigger test; refusals change nothing", async () => {
    const r = await receiver();
    const svc = await service();
    const hook = await createHook(svc, r.url);

    const sent = await sendTest(svc, hook.id, "message.finished");
    expect(sent).toMatchObject({ hookId: hook.id, type: "message.finished", trigger: "test", status: "succeeded" });
    expect(sent.attempts).toHaveLength(1);
    expect(sent.attempts[0]).toMatchObject({ trigger: "test", ok: true, statusCode: 200 });
    expect(r.received).toHaveLength(1);
    const body = new Verifier(hook.secret).verify(r.received[0]!.body, headersOf(r.received[0]!)) as {
      timestamp: string;
    };
    expect(body).toEqual(webhookEventExample("message.finished", body.timestamp));
    expect(r.received[0]!.headers["webhook-id"]).toBe(sent.id);

    // The listing filters by status and event.
    expect((await deliveries(svc, hook.id)).map((d) => d.id)).toEqual([sent.id]);
    expect(await deliveries(svc, hook.id, "&status=succeeded&type=message.finished")).toHaveLength(1);
    expect(await deliveries(svc, hook.id, "&status=failed")).toHaveLength(0);
    expect(await deliveries(svc, hook.id, "&type=chat.created")).toHaveLength(0);
    const badFilter = await call(svc, "GET", `/v2/hooks/${hook.id}/deliveries?status=lost`);
    expect(badFilter.status).toBe(422);
    expect(badFilter.body).toMatchObject({ message: expect.stringMatching(/^status:/) });

    // Refusals: unknown webhook 404, unknown event 422, bad since 422.
    const missing = "hook_missing";
    for (const [path, reqBody] of [
      [`/v2/hooks/${missing}/test`, { event: "chat.created" }],
      [`/v2/hooks/${missing}/deliveries/replay`, { since: new Date().toISOString() }],
      [`/v2/hooks/${missing}/rotate-secret`, undefined],
    ] as const) {
      const res = await call(svc, "POST", path, { body: reqBody });
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ message: expect.stringMatching(/hook_missing not found/) });
    }
    const unknownEvent = await call(svc, "POST", `/v2/hooks/${hook.id}/test`, { body: { event: "chat.exploded" } });
    expect(unknownEvent.status).toBe(422);
    expect(unknownEvent.body).toMatchObject({ message: expect.stringMatching(/event/) });
    for (const since of ["yesterday", "2026-13-40T00:00:00Z", 12]) {
      const badSince = await call(svc, "POST", `/v2/hooks/${hook.id}/deliveries/replay`, { body: { since } });
      expect(badSince.status, String(since)).toBe(422);
      expect(badSince.body).toMatchObject({ message: expect.stringMatching(/since/) });
    }
    const badStatus = await call(svc, "POST", `/v2/hooks/${hook.id}/deliveries/replay`, {
      body: { since: new Date().toISOString(), status: "some" },
    });
    expect(badStatus.status).toBe(422);
    expect(r.received).toHaveLength(1);
    expect(await deliveries(svc, hook.id)).toHaveLength(1);
  });

  test("a test event that failed is retried on the schedule, also while the worker had nothing else to do", async () => {
    const r = await receiver(() => ({ status: 503, body: "down" }));
    // The worker has found nothing due since its start and sleeps up to a minute; the retry is due 300 ms on.
    const svc = await service({ webhookRetrySchedule: [300] });
    const hook = await createHook(svc, r.url);
    expect((await sendTest(svc, hook.id)).attempts).toHaveLength(1);
    const retried = await waitFor(async () => {
      const [d] = await deliveries(svc, hook.id);
      return d && d.attempts.length === 2 ? d : undefined;
    }, 10_000);
    expect(retried.attempts.map((a) => a.trigger)).toEqual(["test", "schedule"]);
    expect(retried.status).toBe("failed");
  });

  test("replay sends again what failed since the given time (or everything with status all)", async () => {
    let up = false;
    const r = await receiver(() => (up ? { status: 200 } : { status: 503, body: "down" }));
    const svc = await service();
    const hook = await createHook(svc, r.url);
    const before = new Date(Date.now() - 1000).toISOString();
    const failed = [];
    for (const event of ["chat.created", "chat.updated", "message.created"] as const)
      failed.push(await sendTest(svc, hook.id, event));
    expect(failed.map((d) => d.status)).toEqual(["failed", "failed", "failed"]);
    const replay = async (body: Record<string, unknown>) => {
      const res = await call(svc, "POST", `/v2/hooks/${hook.id}/deliveries/replay`, { body });
      expect(res.status).toBe(200);
      return expectSchema(ReplayDeliveriesResult, res.body).replayed;
    };

    // Nothing failed after now.
    expect(await replay({ since: new Date(Date.now() + 60_000).toISOString() })).toBe(0);
    up = true;
    expect(await replay({ since: before })).toBe(3);
    const replayed = await waitFor(async () => {
      const list = await deliveries(svc, hook.id);
      return list.every((d) => d.status === "succeeded") ? list : undefined;
    });
    for (const d of replayed) expect(d.attempts.map((a) => a.trigger)).toEqual(["test", "replay"]);
    expect(r.received).toHaveLength(6);
    // The replay's request carries the delivery's id again: receivers deduplicate by it.
    expect(new Set(r.received.map((g) => g.headers["webhook-id"])).size).toBe(3);

    // Nothing failed any more; "all" sends every one again.
    expect(await replay({ since: before })).toBe(0);
    expect(await replay({ since: before, status: "all" })).toBe(3);
    await waitFor(async () => (r.received.length === 9 ? true : undefined));
  });
});

describe("secret rotation", () => {
  test("both secrets sign for 24 hours, then only the new one", async () => {
    const clock = manualClock();
    const r = await receiver();
    const svc = await service({ webhookNow: clock.now });
    const hook = await createHook(svc, r.url);

    const res = await call(svc, "POST", `/v2/hooks/${hook.id}/rotate-secret`);
    expect(res.status).toBe(200);
    const { secret } = expectSchema(RotatedWebhookSecret, res.body);
    expect(secret).not.toBe(hook.secret);
    expect(await hookOf(svc, hook.id)).not.toHaveProperty("secret");

    await sendTest(svc, hook.id);
    const during = r.received[0]!;
    expect(String(during.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verifies(secret, during)).toBe(true);
    expect(verifies(hook.secret, during)).toBe(true);

    clock.advance(DAY - 60_000);
    await sendTest(svc, hook.id);
    expect(verifies(hook.secret, r.received[1]!)).toBe(true);

    clock.advance(2 * 60_000);
    await sendTest(svc, hook.id);
    const after = r.received[2]!;
    expect(String(after.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verifies(secret, after)).toBe(true);
    expect(verifies(hook.secret, after)).toBe(false);
  });
});

describe("auto-disable", () => {
  test("5 days of nothing but failures disable the webhook with the reason; one PATCH enables it", async () => {
    const clock = manualClock();
    let up = false;
    const r = await receiver(() => (up ? { status: 200 } : { status: 500 }));
    const svc = await service({ webhookNow: clock.now });
    const hook = await createHook(svc, r.url);

    // A success in between starts the count again.
    await sendTest(svc, hook.id);
    clock.advance(4 * DAY);
    up = true;
    await sendTest(svc, hook.id);
    up = false;
    clock.advance(DAY);
    await sendTest(svc, hook.id);
    clock.advance(4 * DAY);
    await sendTest(svc, hook.id);
    expect(await hookOf(svc, hook.id)).not.toHaveProperty("disabled");

    clock.advance(DAY);
    await sendTest(svc, hook.id);
    const disabled = await hookOf(svc, hook.id);
    expect(disabled).toMatchObject({ disabled: true, disabledReason: expect.stringMatching(/failed for 5 days/) });

    // Disabled: no new deliveries, no replay.
    const replay = await call(svc, "POST", `/v2/hooks/${hook.id}/deliveries/replay`, {
      body: { since: new Date(0).toISOString() },
    });
    expect(replay.status).toBe(409);
    expect(replay.body).toMatchObject({ message: expect.stringMatching(/disabled \(Every attempt failed/) });
    const countBefore = (await deliveries(svc, hook.id)).length;
    await call(svc, "POST", "/v2/chats", { body: { message: "A tiny counter" } });
    expect(await deliveries(svc, hook.id)).toHaveLength(countBefore);

    // One click enables it; the count starts afresh.
    up = true;
    const enabled = await call(svc, "PATCH", `/v2/hooks/${hook.id}`, { body: { disabled: false } });
    expect(enabled.status).toBe(200);
    expect(enabled.body).not.toHaveProperty("disabled");
    expect(enabled.body).not.toHaveProperty("disabledReason");
    await call(svc, "POST", "/v2/chats", { body: { message: "Another counter" } });
    await waitFor(async () => {
      const list = await deliveries(svc, hook.id, "&status=succeeded&type=chat.created");
      return list.some((d) => d.trigger === undefined) ? true : undefined;
    });
    up = false;
    await sendTest(svc, hook.id);
    expect(await hookOf(svc, hook.id)).not.toHaveProperty("disabled");

    // A webhook can be paused by hand, too.
    const paused = await call(svc, "PATCH", `/v2/hooks/${hook.id}`, { body: { disabled: true } });
    expect(paused.body).toMatchObject({ disabled: true, disabledReason: "Disabled by hand." });
  });
});
