import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ChatWithUsage, WebhookCreated, WebhookPayload } from "@/lib/api";
import { call, expectSchema, startService, waitFor } from "@/lib/embedded/test-support";
import { InboxStore, receiveDelivery } from "@/lib/server/inbox";

/**
 * The embedded service delivering to the dashboard's inbox over real HTTP: the inbox verifies the
 * signatures with the webhook's secret and stores each event once.
 */
let server: Server;
let store: InboxStore;
let origin = "";

beforeAll(async () => {
  store = await InboxStore.open({ dataDir: "memory://", appUrl: "http://placeholder", secretKey: "test-auth-secret" });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(`${origin}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
      const inboxId = req.url!.split("/").at(-1)!;
      const response = await receiveDelivery(store, inboxId, request);
      res.writeHead(response.status, { "content-type": "application/json" });
      res.end(await response.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await store.close();
});

test("chat.created, message.created and message.finished arrive verified in the inbox", async () => {
  const svc = await startService({ webhookRetrySchedule: [50, 50, 50] });
  try {
    const inbox = await store.create("This dashboard");
    const url = `${origin}/api/inbox/${inbox.id}`;
    const hookRes = await call(svc, "POST", "/v2/hooks", {
      body: { name: "Inbox", url, events: ["chat.created", "message.created", "message.finished"] },
    });
    const hook = expectSchema(WebhookCreated, hookRes.body);
    await store.setSecret(inbox.id, hook.secret, hook.id);

    const chat = expectSchema(
      ChatWithUsage,
      (await call(svc, "POST", "/v2/chats", { body: { message: "A clock" } })).body,
    );
    const rows = await waitFor(async () => {
      const got = await store.deliveries(inbox.id);
      return got.length >= 4 ? got : undefined;
    });
    expect(rows.map((r) => r.type).sort()).toEqual([
      "chat.created",
      "message.created",
      "message.created",
      "message.finished",
    ]);
    for (const row of rows) {
      expect(row.verified).toBe(true);
      expect(row.chatId).toBe(chat.chat.id);
      expect(WebhookPayload.safeParse(row.payload).success).toBe(true);
    }
    expect(new Set(rows.map((r) => r.deliveryId)).size).toBe(4);
  } finally {
    await svc.close();
  }
});
