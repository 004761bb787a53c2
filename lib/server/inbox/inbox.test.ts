import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Inbox, InboxDeliveryList, InboxList } from "@/lib/api";
import {
  attachSecretRoute,
  createInboxRoute,
  deliveryEventsRoute,
  getInboxRoute,
  listDeliveriesRoute,
  listInboxesRoute,
  type AdminDeps,
} from "./admin";
import { MAX_DELIVERY_BYTES, receiveDelivery } from "./receiver";
import { InboxStore } from "./store";
import type { Role } from "@/lib/api/schemas/team";

const APP = "http://dash.test";
let store: InboxStore;
beforeAll(async () => {
  store = await InboxStore.open({ dataDir: "memory://", appUrl: APP, secretKey: "test-auth-secret" });
});
afterAll(() => store.close());

const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;
const payload = (type = "chat.created", chatId = "chat_1") =>
  JSON.stringify({ type, timestamp: new Date().toISOString(), data: { chatId, chat: { id: chatId } } });

function signed(secret: string, body: string, opts: { id?: string; at?: Date } = {}): Request {
  const id = opts.id ?? `dlv_${randomBytes(6).toString("hex")}`;
  const at = opts.at ?? new Date();
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

async function inboxWithSecret(): Promise<{ id: string; secret: string }> {
  const row = await store.create("test");
  const secret = newSecret();
  await store.setSecret(row.id, secret, "hook_1");
  return { id: row.id, secret };
}

describe("inbox receiver", () => {
  test("a signed delivery is stored once; a redelivery of the same webhook-id answers 200 and stores nothing", async () => {
    const { id, secret } = await inboxWithSecret();
    const body = payload("message.finished", "chat_9");
    const first = await receiveDelivery(store, id, signed(secret, body, { id: "dlv_same" }));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const again = await receiveDelivery(store, id, signed(secret, body, { id: "dlv_same" }));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });

    const rows = await store.deliveries(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      inboxId: id,
      deliveryId: "dlv_same",
      type: "message.finished",
      chatId: "chat_9",
      verified: true,
      payload: JSON.parse(body),
    });
  });

  test("tampered body, wrong secret, stale or future timestamp, missing headers: 401 and nothing stored", async () => {
    const { id, secret } = await inboxWithSecret();
    const body = payload();
    const tampered = signed(secret, body);
    const tamperedReq = new Request(tampered.url, {
      method: "POST",
      headers: tampered.headers,
      body: body.replace("chat_1", "chat_2"),
    });
    const cases: Request[] = [
      tamperedReq,
      signed(newSecret(), body),
      signed(secret, body, { at: new Date(Date.now() - 6 * 60_000) }),
      signed(secret, body, { at: new Date(Date.now() + 6 * 60_000) }),
      new Request(`${APP}/api/inbox/x`, { method: "POST", body }),
    ];
    for (const req of cases) {
      const res = await receiveDelivery(store, id, req);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toMatch(/Signature rejected/);
    }
    expect(await store.deliveries(id)).toHaveLength(0);
    // Inside the ±5 min window is fine.
    expect(
      (await receiveDelivery(store, id, signed(secret, body, { at: new Date(Date.now() - 4 * 60_000) }))).status,
    ).toBe(200);
  });

  test("unknown inbox 404, over 1 MB 413, no secret yet 503, a signed non-JSON body 400", async () => {
    const { id, secret } = await inboxWithSecret();
    expect((await receiveDelivery(store, "inbox_missing", signed(secret, payload()))).status).toBe(404);
    const big = JSON.stringify({ type: "chat.created", data: { chatId: "c", pad: "x".repeat(MAX_DELIVERY_BYTES) } });
    expect((await receiveDelivery(store, id, signed(secret, big))).status).toBe(413);
    const bare = await store.create("no secret");
    expect((await receiveDelivery(store, bare.id, signed(secret, payload()))).status).toBe(503);
    expect((await receiveDelivery(store, id, signed(secret, "not json"))).status).toBe(400);
    expect(await store.deliveries(id)).toHaveLength(0);
  });

  test("a signed body nested 10,000 levels deep: 422 saying so, nothing stored (storing it would overflow the stack)", async () => {
    const { id, secret } = await inboxWithSecret();
    const deep = `{"type":"chat.created","data":${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}}`;
    const res = await receiveDelivery(store, id, signed(secret, deep));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(/nested more than 64 levels/);
    expect(await store.deliveries(id)).toHaveLength(0);
  });
});

describe("an inbox whose service revealed no secret", () => {
  test("stores what arrives, unverified, de-duplicated by webhook-id; refuses nothing for lack of a signature", async () => {
    const deps: AdminDeps = { store, appUrl: APP, role: async () => "admin" };
    const row = await store.create("unsigned");
    const attach = (body: unknown) =>
      attachSecretRoute(
        new Request(`${APP}/x`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: APP },
          body: JSON.stringify(body),
        }),
        row.id,
        deps,
      );
    expect((await attach({ unsigned: false })).status).toBe(422);
    const res = await attach({ unsigned: true, webhookId: "hook_doc" });
    expect(res.status).toBe(200);
    expect(Inbox.parse(await res.json())).toMatchObject({ hasSecret: false, unsigned: true, webhookId: "hook_doc" });

    const post = (id?: string) =>
      receiveDelivery(
        store,
        row.id,
        new Request(`${APP}/api/inbox/x`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(id ? { "webhook-id": id } : {}) },
          body: payload("chat.created"),
        }),
      );
    expect((await post("msg_1")).status).toBe(200);
    expect(await (await post("msg_1")).json()).toMatchObject({ duplicate: true });
    expect((await post()).status).toBe(200);
    const stored = await store.deliveries(row.id);
    expect(stored).toHaveLength(2);
    expect(stored.every((d) => d.verified === false)).toBe(true);
  });
});

describe("inbox admin routes", () => {
  const deps = (role: Role | null = "admin"): AdminDeps => ({ store, appUrl: APP, role: async () => role });
  const req = (method: string, path: string, body?: unknown, origin: string | null = APP) =>
    new Request(`${APP}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(origin ? { origin } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  test("an admin's session required; mutations only from the dashboard's origin", async () => {
    expect((await listInboxesRoute(req("GET", "/api/inbox-admin"), deps(null))).status).toBe(401);
    expect((await createInboxRoute(req("POST", "/api/inbox-admin", { name: "x" }), deps(null))).status).toBe(401);
    for (const role of ["member", "viewer"] as const) {
      const refused = await listInboxesRoute(req("GET", "/api/inbox-admin"), deps(role));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: `This needs the admin role; you are a ${role}.` });
      expect((await createInboxRoute(req("POST", "/api/inbox-admin", { name: "x" }), deps(role))).status).toBe(403);
    }
    expect(
      (await createInboxRoute(req("POST", "/api/inbox-admin", { name: "x" }, "https://evil.test"), deps())).status,
    ).toBe(403);
    expect((await createInboxRoute(req("POST", "/api/inbox-admin", { name: "x" }, null), deps())).status).toBe(403);
  });

  test("create, attach the secret, list, and read deliveries newest first with `after` for polling", async () => {
    const created = await createInboxRoute(req("POST", "/api/inbox-admin", { name: "My inbox" }), deps());
    expect(created.status).toBe(201);
    const inbox = Inbox.parse(await created.json());
    expect(inbox).toMatchObject({
      name: "My inbox",
      url: `${APP}/api/inbox/${inbox.id}`,
      hasSecret: false,
      webhookId: null,
    });
    expect(inbox).not.toHaveProperty("secret");

    expect((await createInboxRoute(req("POST", "/api/inbox-admin", { name: "" }), deps())).status).toBe(422);
    expect((await createInboxRoute(req("POST", "/api/inbox-admin", undefined), deps())).status).toBe(422);
    const badSecret = await attachSecretRoute(req("POST", "/x", { secret: "nope" }), inbox.id, deps());
    expect(badSecret.status).toBe(422);
    expect((await attachSecretRoute(req("POST", "/x", { secret: newSecret() }), "inbox_missing", deps())).status).toBe(
      404,
    );

    const secret = newSecret();
    const attached = await attachSecretRoute(req("POST", "/x", { secret, webhookId: "hook_42" }), inbox.id, deps());
    expect(attached.status).toBe(200);
    expect(Inbox.parse(await attached.json())).toMatchObject({ hasSecret: true, webhookId: "hook_42" });
    const got = Inbox.parse(await (await getInboxRoute(req("GET", "/x"), inbox.id, deps())).json());
    expect(got.hasSecret).toBe(true);

    const list = InboxList.parse(await (await listInboxesRoute(req("GET", "/api/inbox-admin"), deps())).json());
    expect(list.inboxes[0]!.id).toBe(inbox.id);

    for (const type of ["chat.created", "message.created", "message.finished"]) {
      expect((await receiveDelivery(store, inbox.id, signed(secret, payload(type)))).status).toBe(200);
    }
    const all = InboxDeliveryList.parse(
      await (await listDeliveriesRoute(req("GET", `/api/inbox-admin/${inbox.id}/deliveries`), inbox.id, deps())).json(),
    );
    expect(all.deliveries.map((d) => d.type)).toEqual(["message.finished", "message.created", "chat.created"]);
    const after = all.deliveries[1]!.seq;
    const newer = InboxDeliveryList.parse(
      await (
        await listDeliveriesRoute(
          req("GET", `/api/inbox-admin/${inbox.id}/deliveries?after=${after}`),
          inbox.id,
          deps(),
        )
      ).json(),
    );
    expect(newer.deliveries.map((d) => d.type)).toEqual(["message.finished"]);
    expect((await listDeliveriesRoute(req("GET", "/x?after=-1"), inbox.id, deps())).status).toBe(422);
    expect((await listDeliveriesRoute(req("GET", "/x"), "inbox_missing", deps())).status).toBe(404);
  });

  test("the event stream says ready, then announces each stored delivery (not a refused or duplicate one), and stops watching when the page leaves", async () => {
    const { id, secret } = await inboxWithSecret();
    expect((await deliveryEventsRoute(req("GET", "/x"), id, deps(null))).status).toBe(401);
    expect((await deliveryEventsRoute(req("GET", "/x"), "inbox_missing", deps())).status).toBe(404);

    const leave = new AbortController();
    const res = await deliveryEventsRoute(new Request(`${APP}/x`, { signal: leave.signal }), id, deps(), 50);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const until = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
        text += value;
      }
    };
    await until(/event: ready\n/);

    const dup = `dlv_${randomBytes(6).toString("hex")}`;
    expect((await receiveDelivery(store, id, signed(secret, payload("chat.created"), { id: dup }))).status).toBe(200);
    await until(/event: delivery\ndata: \{"seq":\d+\}\n\n/);
    const firstSeq = Number(/"seq":(\d+)/.exec(text)![1]);
    const stored = await store.deliveries(id);
    expect(stored.map((d) => d.seq)).toEqual([firstSeq]);

    // Refused (bad signature) and duplicate deliveries announce nothing; the next real one does; heartbeats keep it open.
    expect((await receiveDelivery(store, id, signed(newSecret(), payload()))).status).toBe(401);
    expect((await receiveDelivery(store, id, signed(secret, payload("chat.created"), { id: dup }))).status).toBe(200);
    expect((await receiveDelivery(store, id, signed(secret, payload("message.created")))).status).toBe(200);
    await until(/event: delivery[\s\S]*event: delivery/);
    await until(/: keep-alive\n\n/);
    expect(text.match(/event: delivery/g)).toHaveLength(2);
    expect(Number([...text.matchAll(/"seq":(\d+)/g)][1]![1])).toBeGreaterThan(firstSeq);

    // Another inbox's deliveries are not announced here.
    const other = await inboxWithSecret();
    expect((await receiveDelivery(store, other.id, signed(other.secret, payload()))).status).toBe(200);

    leave.abort();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    expect(text.match(/event: delivery/g)).toHaveLength(2);
    expect((store as unknown as { watchers: Map<string, unknown> }).watchers.has(id)).toBe(false);
  });
});
