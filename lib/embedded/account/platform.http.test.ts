import { describe, expect, test } from "vitest";
import { BASE, call, openPreview, serviceForFile } from "../test-support";

/** The document's deploy, trusted preview hosts and connect status, against the embedded service over HTTP. */

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const svc = serviceForFile({ quotas: { deployments: 2 } });

const filesChat = async () =>
  (
    (
      await call(svc, "POST", "/v2/chats/from-files", {
        body: { files: [{ name: "index.html", content: "<h1>x</h1>" }] },
      })
    ).body as Json
  ).chat;

describe("POST /v2/chats/{chatId}/deploy", () => {
  test("404 for an unknown chat, 409 while the chat has no completed version (no quota used)", async () => {
    expect((await call(svc, "POST", "/v2/chats/chat_none/deploy")).status).toBe(404);
    const pending = (await call(svc, "POST", "/v2/chats/async", { body: { message: "A map /slow" } })).body as Json;
    const res = await call(svc, "POST", `/v2/chats/${pending.chatId}/deploy`);
    expect(res.status).toBe(409);
    expect((res.body as Json).message ?? (res.body as Json).error?.message).toMatch(/no completed version/);
  });
  test("deploys the latest version and links a hosting project; the quota counts it; refusals", async () => {
    const chat = await filesChat();
    const res = await call(svc, "POST", `/v2/chats/${chat.id}/deploy`);
    expect(res.status).toBe(200);
    const { deploymentId, hostProjectId } = res.body as Json;
    expect(((await call(svc, "GET", `/v2/chats/${chat.id}`)).body as Json).hostProjectId).toBe(hostProjectId);
    const deployment = (await call(svc, "GET", `/v1/deployments/${deploymentId}`)).body as Json;
    expect([deployment.chatId, deployment.versionId]).toEqual([
      chat.id,
      chat.latestVersion?.id ?? deployment.versionId,
    ]);
    // A second deploy keeps the project.
    expect(((await call(svc, "POST", `/v2/chats/${chat.id}/deploy`)).body as Json).hostProjectId).toBe(hostProjectId);
    const third = await call(svc, "POST", `/v2/chats/${chat.id}/deploy`);
    expect(third.status).toBe(429);
  });
});

describe("/v2/settings/preview-hosts", () => {
  test("PUT replaces the list, GET reads it, and the preview's pages may be framed by those hosts", async () => {
    expect((await call(svc, "GET", "/v2/settings/preview-hosts")).body).toEqual({ hosts: [] });
    const put = await call(svc, "PUT", "/v2/settings/preview-hosts", {
      body: { hosts: ["App.Example.com", "localhost:3000", "app.example.com"] },
    });
    expect(put.body).toEqual({ hosts: ["app.example.com", "localhost:3000"] });
    expect((await call(svc, "GET", "/v2/settings/preview-hosts")).body).toEqual(put.body);
    const chat = await filesChat();
    const page = await openPreview(svc, chat.id);
    expect(page.headers.get("content-security-policy")).toContain(
      `frame-ancestors ${new URL(BASE).origin} app.example.com localhost:3000`,
    );
  });

  test("refusals change nothing: too many hosts, a scheme or a path, not a list", async () => {
    const before = (await call(svc, "GET", "/v2/settings/preview-hosts")).body;
    for (const body of [
      { hosts: ["a.com", "b.com", "c.com", "d.com", "e.com", "f.com"] },
      { hosts: ["https://a.com"] },
      { hosts: ["a.com/x"] },
      { hosts: "a.com" },
      {},
    ]) {
      expect((await call(svc, "PUT", "/v2/settings/preview-hosts", { body })).status, JSON.stringify(body)).toBe(422);
    }
    expect((await call(svc, "GET", "/v2/settings/preview-hosts")).body).toEqual(before);
  });
});

describe("GET /v2/chats/{chatId}/connect/status", () => {
  test("no integrations here: 404 for any request id, 422 without one, 404 for an unknown chat", async () => {
    const chat = await filesChat();
    const res = await call(svc, "GET", `/v2/chats/${chat.id}/connect/status?requestId=req_1`);
    expect(res.status).toBe(404);
    expect((res.body as Json).message ?? (res.body as Json).error?.message).toMatch(/no integrations/);
    expect((await call(svc, "GET", `/v2/chats/${chat.id}/connect/status`)).status).toBe(422);
    expect((await call(svc, "GET", "/v2/chats/chat_none/connect/status?requestId=r")).status).toBe(404);
  });
});
