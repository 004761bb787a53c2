import { gunzipSync, unzipSync } from "fflate";
import { describe, expect, test } from "vitest";
import { call, readAll, request, waitFor, serviceForFile } from "@/lib/embedded/test-support";
import { expectValid, requestBody, response, type Json } from "./openapi-v1";

/**
 * The v1 document's operations the spec leaves to it (chats.init, update, delete, the chat's project, version download
 * and restore, message resume and stop, hooks, project update and assignment, plan, billing, scopes, rate limits and
 * the reports) against openapi-v1.json: bodies checked against its request schemas, answers against its 200 schemas.
 */

const svc = serviceForFile({ quotas: { chat_messages: 100 } });

/** The model ids are named differently in the document (svc-pro there is v0-pro; reference README). */
function asDocument(chat: Json): Json {
  const copy = structuredClone(chat);
  if (copy.modelConfiguration)
    copy.modelConfiguration.modelId = copy.modelConfiguration.modelId.replace(/^svc-/, "v0-");
  return copy;
}

async function operation(
  method: string,
  docPath: string,
  ourPath: string,
  body?: Json,
  checkBody = true,
): Promise<Json> {
  if (body !== undefined && checkBody) expectValid(requestBody(method, docPath), body);
  const res = await call(svc, method.toUpperCase(), ourPath, body === undefined ? {} : { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectValid(response(method, docPath), asDocument(res.body));
  return res.body;
}

/**
 * chats.init's request schema cannot be met as written (an allOf of two objects that each forbid the other's
 * properties), so only its answer is validated.
 */
const init = (files: Json[], extra: Json = {}) =>
  operation("post", "/chats/init", "/v1/chats/init", { type: "files", files, ...extra }, false);

describe("contract v1: chats", () => {
  test("chats.init from inline files keeps locks, joins a project, sets name and metadata", async () => {
    const project = (await call(svc, "POST", "/v1/projects", { body: { name: "Init target" } })).body as Json;
    const chat = await init(
      [
        { name: "index.html", content: "<h1>hi</h1>", locked: true },
        { name: "app.js", content: "1" },
      ],
      { name: "Landing page", projectId: project.id, metadata: { team: "web" } },
    );
    expect(chat.messages).toEqual([]);
    expect(chat.projectId).toBe(project.id);
    expect(chat.metadata).toEqual({ team: "web" });
    expect(chat.name ?? chat.title).toContain("Landing page");
    const version = (await call(svc, "GET", `/v1/chats/${chat.id}/versions/${chat.latestVersion.id}`)).body as Json;
    expect(version.files.map((f: Json) => [f.name, f.locked]).sort()).toEqual([
      ["app.js", false],
      ["index.html", true],
    ]);
  });

  test("chats.init refusals store nothing: unknown project, a URL file, other sources, a bad path", async () => {
    const before = ((await call(svc, "GET", "/v1/chats?limit=100")).body as Json).data.length;
    const refusals: [Json, RegExp][] = [
      [{ type: "files", files: [{ name: "a.txt", content: "x" }], projectId: "prj_none" }, /projectId/],
      [{ type: "files", files: [{ name: "a.txt", url: "https://example.com/a.txt" }] }, /files by URL/],
      [{ type: "zip", zip: { url: "https://example.com/a.zip" } }, /zip archive is not supported/],
      [{ type: "template", templateId: "t1" }, /template is not supported/],
      [{ type: "files", files: [{ name: "../etc/passwd", content: "x" }] }, /\.\./],
    ];
    for (const [body, message] of refusals) {
      const res = await call(svc, "POST", "/v1/chats/init", { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((res.body as Json).error.message).toMatch(message);
    }
    expect(((await call(svc, "GET", "/v1/chats?limit=100")).body as Json).data).toHaveLength(before);
  });

  test("chats.update renames, changes privacy and merges metadata; chats.delete removes the chat", async () => {
    const chat = await init([{ name: "a.txt", content: "a" }], { metadata: { keep: "1", drop: "2" } });
    const updated = await operation("patch", "/chats/{chatId}", `/v1/chats/${chat.id}`, {
      name: "Renamed",
      privacy: "public",
      metadata: { drop: null, added: "3" },
    });
    expect([updated.name ?? updated.title, updated.privacy, updated.metadata]).toEqual([
      "Renamed",
      "public",
      { keep: "1", added: "3" },
    ]);
    const bad = await call(svc, "PATCH", `/v1/chats/${chat.id}`, { body: { name: "" } });
    expect(bad.status).toBe(422);
    const after = (await call(svc, "GET", `/v1/chats/${chat.id}`)).body as Json;
    expect(after.name ?? after.title).toBe("Renamed");
    const deleted = await operation("delete", "/chats/{chatId}", `/v1/chats/${chat.id}`);
    expect(deleted).toEqual({ id: chat.id, object: "chat", deleted: true });
    expect((await call(svc, "GET", `/v1/chats/${chat.id}`)).status).toBe(404);
    expect((await call(svc, "DELETE", `/v1/chats/${chat.id}`)).status).toBe(404);
  });

  test("projects.getByChatId: the chat's project, 404 when it has none", async () => {
    const chat = await init([{ name: "a.txt", content: "a" }]);
    const none = await call(svc, "GET", `/v1/chats/${chat.id}/project`);
    expect(none.status).toBe(404);
    expect((none.body as Json).error.message).toMatch(/belongs to no project/);
    const project = (await call(svc, "POST", "/v1/projects", { body: { name: "Owner" } })).body as Json;
    const assigned = await operation("post", "/projects/{projectId}/assign", `/v1/projects/${project.id}/assign`, {
      chatId: chat.id,
    });
    expect(assigned).toEqual({ object: "project", id: project.id, assigned: true });
    const found = (await call(svc, "GET", `/v1/chats/${chat.id}/project`)).body as Json;
    expect([found.id, found.chatIds]).toEqual([project.id, [chat.id]]);
    const unknownChat = await call(svc, "POST", `/v1/projects/${project.id}/assign`, { body: { chatId: "chat_none" } });
    expect(unknownChat.status).toBe(422);
  });

  test("projects.update (PATCH) changes only the fields given; instructions is the description", async () => {
    const project = (await call(svc, "POST", "/v1/projects", { body: { name: "Before", description: "d" } }))
      .body as Json;
    const patched = (
      await call(svc, "PATCH", `/v1/projects/${project.id}`, { body: { instructions: "Use TypeScript" } })
    ).body as Json;
    expectValid(requestBody("patch", "/projects/{projectId}"), { instructions: "Use TypeScript" });
    expect([patched.name, patched.description]).toEqual(["Before", "Use TypeScript"]);
    const renamed = (await call(svc, "PATCH", `/v1/projects/${project.id}`, { body: { name: "After" } })).body as Json;
    expect([renamed.name, renamed.description]).toEqual(["After", "Use TypeScript"]);
    for (const body of [{ privacy: "team" }, { name: "" }, { description: "a", instructions: "b" }]) {
      expect((await call(svc, "PATCH", `/v1/projects/${project.id}`, { body })).status, JSON.stringify(body)).toBe(422);
    }
    expect((await call(svc, "PATCH", "/v1/projects/prj_none", { body: { name: "x" } })).status).toBe(404);
  });
});

describe("contract v1: versions and messages", () => {
  test("chats.downloadVersion: zip and tarball hold exactly the version's files", async () => {
    const chat = await init([
      { name: "index.html", content: "<p>v1</p>" },
      { name: "src/app.js", content: "console.log(1)" },
    ]);
    const base = `/v1/chats/${chat.id}/versions/${chat.latestVersion.id}/download`;
    const zip = await svc.handle(request("GET", base));
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(["index.html", "src/app.js"]);
    expect(new TextDecoder().decode(entries["index.html"])).toBe("<p>v1</p>");
    const tar = await svc.handle(request("GET", `${base}?format=tarball&includeDefaultFiles=false`));
    expect(tar.headers.get("content-type")).toBe("application/gzip");
    const text = new TextDecoder().decode(gunzipSync(new Uint8Array(await tar.arrayBuffer())));
    expect(text).toContain("src/app.js");
    expect(text).toContain("console.log(1)");
    expect((await call(svc, "GET", `${base}?format=rar`)).status).toBe(422);
    expect((await call(svc, "GET", `/v1/chats/${chat.id}/versions/ver_none/download`)).status).toBe(404);
  });

  test("chats.restore (a version): the files come back as a new version; the same again is a 409", async () => {
    const chat = (await call(svc, "POST", "/v1/chats", { body: { message: "A counter /fast" } })).body as Json;
    const first = chat.latestVersion.id;
    const before = (await call(svc, "GET", `/v1/chats/${chat.id}/versions/${first}`)).body as Json;
    await call(svc, "POST", `/v1/chats/${chat.id}/messages`, { body: { message: "Make it blue /fast" } });
    const restored = await operation(
      "post",
      "/chats/{chatId}/versions/{versionId}/restore",
      `/v1/chats/${chat.id}/versions/${first}/restore`,
    );
    expect(restored.id).not.toBe(first);
    const byName = (v: Json) => Object.fromEntries(v.files.map((f: Json) => [f.name, f.content]));
    expect(byName(restored)).toEqual(byName(before));
    const again = await call(svc, "POST", `/v1/chats/${chat.id}/versions/${first}/restore`);
    expect(again.status).toBe(409);
    expect((await call(svc, "POST", `/v1/chats/${chat.id}/versions/ver_none/restore`)).status).toBe(404);
  });

  test("chats.stop ends a generating message ({success: true}); chats.resume streams it; 409/404 otherwise", async () => {
    const chat = (await call(svc, "POST", "/v1/chats", { body: { message: "A map /slow", responseMode: "async" } }))
      .body as Json;
    const messageId = chat.messages.at(-1).id as string;
    const streamed = request("POST", `/v1/chats/${chat.id}/messages/${messageId}/resume`);
    streamed.headers.set("accept", "text/event-stream");
    const resumed = await svc.handle(streamed);
    expect(resumed.headers.get("content-type")).toContain("text/event-stream");
    const stopped = await operation(
      "post",
      "/chats/{chatId}/messages/{messageId}/stop",
      `/v1/chats/${chat.id}/messages/${messageId}/stop`,
    );
    expect(stopped).toEqual({ success: true });
    const events = await readAll(resumed);
    expect(events.length).toBeGreaterThan(0);
    const finished = await waitFor(async () => {
      const m = (await call(svc, "GET", `/v1/chats/${chat.id}/messages/${messageId}`)).body as Json;
      return m.finishReason ? m : undefined;
    });
    expect(finished.finishReason).toBe("stop");
    expect((await call(svc, "POST", `/v1/chats/${chat.id}/messages/${messageId}/stop`)).status).toBe(409);
    expect((await call(svc, "POST", `/v1/chats/${chat.id}/messages/msg_none/resume`)).status).toBe(404);
  });
});

describe("contract v1: hooks", () => {
  test("hooks.create, find, getById, update, delete: the v2 webhooks in v1 shapes", async () => {
    const body = { name: "Builds", events: ["chat.created"], url: "https://hooks.example/in" };
    const created = (await call(svc, "POST", "/v1/hooks", { body })).body as Json;
    expectValid(requestBody("post", "/hooks"), body);
    expect(created.secret).toMatch(/^whsec_/);
    const { secret: _secret, ...detail } = created;
    expectValid(response("post", "/hooks"), detail);
    const id = created.id as string;
    const list = await operation("get", "/hooks", "/v1/hooks");
    expect(list.data).toContainEqual({ id, object: "hook", name: "Builds" });
    expect(await operation("get", "/hooks/{hookId}", `/v1/hooks/${id}`)).toEqual(detail);
    const updated = await operation("patch", "/hooks/{hookId}", `/v1/hooks/${id}`, { events: ["message.finished"] });
    expect(updated.events).toEqual(["message.finished"]);
    // The same webhook is seen through v2.
    expect(((await call(svc, "GET", `/v2/hooks/${id}`)).body as Json).events).toEqual(["message.finished"]);
    expect((await call(svc, "PATCH", `/v1/hooks/${id}`, { body: { url: "ftp://x" } })).status).toBe(422);
    expect(await operation("delete", "/hooks/{hookId}", `/v1/hooks/${id}`)).toEqual({
      id,
      object: "hook",
      deleted: true,
    });
    const gone = await call(svc, "GET", `/v1/hooks/${id}`);
    expect(gone.status).toBe(404);
    expect((gone.body as Json).error).toBeDefined();
  });
});

describe("contract v1: the account and the reports", () => {
  test("user.getPlan, getBilling, getScopes and rateLimits.find", async () => {
    const plan = await operation("get", "/user/plan", "/v1/user/plan");
    expect(plan.billingCycle.end).toBeGreaterThan(plan.billingCycle.start);
    await operation("get", "/user/billing", "/v1/user/billing");
    const scopes = await operation("get", "/user/scopes", "/v1/user/scopes");
    const limits = await operation("get", "/rate-limits", `/v1/rate-limits?scope=${scopes.data[0].id}`);
    expect(limits.dailyLimit.limit).toBe(100);
    expect(limits.dailyLimit.remaining).toBeLessThan(100);
    expect(limits.dailyLimit.reset).toBeGreaterThan(Date.now());
    expect((await call(svc, "GET", "/v1/rate-limits?scope=team_other")).status).toBe(404);
  });

  test("reports.getUsage, getAIUsage and getUserActivity count the answered messages; paging and bad dates", async () => {
    const chat = (await call(svc, "POST", "/v1/chats", { body: { message: "A todo list /fast" } })).body as Json;
    const answer = chat.messages.at(-1).id as string;
    const usage = await operation("get", "/reports/usage", `/v1/reports/usage?chatId=${chat.id}`);
    expect(usage.data.map((e: Json) => e.messageId)).toEqual([answer]);
    const ai = await operation("get", "/reports/usage/ai", "/v1/reports/usage/ai?limit=1");
    expect(ai.data).toHaveLength(1);
    expect(ai.pagination.nextCursor).toEqual(expect.any(String));
    const next = await operation(
      "get",
      "/reports/usage/ai",
      `/v1/reports/usage/ai?limit=1&cursor=${encodeURIComponent(ai.pagination.nextCursor)}`,
    );
    expect(next.data[0].eventId).not.toBe(ai.data[0].eventId);
    const activity = await operation("get", "/reports/user-activity", "/v1/reports/user-activity");
    expect(activity.data[0].messageCount).toBeGreaterThanOrEqual(1);
    const bad = await call(svc, "GET", "/v1/reports/usage?startDate=yesterday");
    expect(bad.status).toBe(422);
    expect((bad.body as Json).error.message).toMatch(/^startDate:/);
  });

  test("the hosting platform's own integration answers 501 in the v1 error shape", async () => {
    for (const method of ["GET", "POST"]) {
      const res = await call(svc, method, "/v1/integrations/vercel/projects", method === "POST" ? { body: {} } : {});
      expect(res.status).toBe(501);
      expect((res.body as Json).error).toMatchObject({ code: "platform_unavailable" });
      expect((res.body as Json).error.message).toMatch(/no hosting platform/);
    }
  });
});
