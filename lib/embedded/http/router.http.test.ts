import { describe, expect, test } from "vitest";
import { ErrorV2, v1 } from "@/lib/api";
import { BASE, call, expectSchema, request, serviceForFile } from "../test-support";
import { ROUTES } from "@/lib/api/routes";
import { HANDLERS } from "./handlers";
import type { HandlerTable } from "./context";

/** The front door: authentication, routing, body parsing and validation, error shapes (wire-decisions.md 10). */
const svc = serviceForFile();

describe("authentication", () => {
  test("a v2 request without a key gets 401 with {message}", async () => {
    const res = await call(svc, "GET", "/v2/chats", { auth: null });
    expect(res.status).toBe(401);
    expect(expectSchema(ErrorV2, res.body).message).toMatch(/API key/);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  test("a v2 request with a wrong key gets 401", async () => {
    for (const auth of [
      "Bearer nope",
      "Bearer sk_test_embedded_ke",
      "Basic c2s6eA==",
      "sk_test_embedded_key",
      "Bearer ",
    ]) {
      const res = await call(svc, "GET", "/v2/chats", { auth });
      expect(res.status, auth).toBe(401);
      expectSchema(ErrorV2, res.body);
    }
  });

  test("a v1 request without or with a wrong key gets 401 in the v1 shape", async () => {
    for (const auth of [null, "Bearer wrong"]) {
      const res = await call(svc, "GET", "/v1/user", { auth });
      expect(res.status).toBe(401);
      const body = expectSchema(v1.ErrorV1, res.body);
      expect(body.error).toMatchObject({ code: "unauthorized", type: "authentication_error" });
      expect(body.error.userMessage).toBeTruthy();
    }
  });

  test("the key is checked before the route: unknown paths also need it", async () => {
    expect((await call(svc, "GET", "/v2/nothing-here", { auth: null })).status).toBe(401);
  });

  test("the scheme name is case-insensitive", async () => {
    expect((await call(svc, "GET", "/v2/chats", { auth: "bearer sk_test_embedded_key" })).status).toBe(200);
  });
});

describe("routing", () => {
  test("the base path is stripped; a path without it is accepted too (in-process callers)", async () => {
    expect((await svc.handle(request("GET", `${BASE}/v2/chats`))).status).toBe(200);
    expect((await svc.handle(request("GET", "http://elsewhere.test/v2/chats"))).status).toBe(200);
  });

  test("an unknown path is 404 in the version's shape", async () => {
    const res2 = await call(svc, "GET", "/v2/unknown");
    expect(res2.status).toBe(404);
    expectSchema(ErrorV2, res2.body);
    const res1 = await call(svc, "GET", "/v1/unknown");
    expect(res1.status).toBe(404);
    expect(expectSchema(v1.ErrorV1, res1.body).error.type).toBe("not_found_error");
  });

  test("a known path with the wrong method is 405 with Allow", async () => {
    const res = await call(svc, "DELETE", "/v2/chats");
    expect(res.status).toBe(405);
    expectSchema(ErrorV2, res.body);
    expect(res.headers.get("allow")).toBe("GET, POST");
    expect((await call(svc, "PUT", "/v2/chats/chat_x/messages")).status).toBe(405);
  });

  test("an unknown chat id is 404", async () => {
    for (const path of [
      "/v2/chats/chat_missing",
      "/v2/chats/chat_missing/messages",
      "/v2/chats/chat_missing/files",
      "/v2/chats/chat_missing/preview",
      "/v2/chats/chat_missing/messages/msg_x",
    ]) {
      const res = await call(svc, "GET", path);
      expect(res.status, path).toBe(404);
      expect(expectSchema(ErrorV2, res.body).message).toMatch(/not found/);
    }
    const send = await call(svc, "POST", "/v2/chats/chat_missing/messages", { body: { message: "hi" } });
    expect(send.status).toBe(404);
  });

  test("every route of the lib/api table has a handler; the type checker refuses a table that misses one", () => {
    expect(ROUTES.filter((r) => typeof HANDLERS[r.name] !== "function").map((r) => `${r.method} ${r.pattern}`)).toEqual(
      [],
    );
    const { ["v2.chats.get"]: _dropped, ...rest } = HANDLERS;
    // @ts-expect-error a handler table without GET /v2/chats/{chatId}
    const partial: HandlerTable = rest;
    // @ts-expect-error a misspelt route name
    const misspelt: HandlerTable = { ...HANDLERS, "v2.chat.get": HANDLERS["v2.chats.get"] };
    // @ts-expect-error the handler of another route (other parameters) in a route's place
    const swapped: HandlerTable = { ...HANDLERS, "v2.chats.get": HANDLERS["v2.messages.get"] };
    expect([partial, misspelt, swapped].every(Boolean)).toBe(true);
  });

  test("HEAD is answered like GET without a body", async () => {
    const res = await svc.handle(request("HEAD", "/v2/chats"));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });
});

describe("bodies", () => {
  test("malformed JSON is 400", async () => {
    const res = await call(svc, "POST", "/v2/chats", { raw: '{"message": "hi"' });
    expect(res.status).toBe(400);
    expect(expectSchema(ErrorV2, res.body).message).toMatch(/JSON/);
    const v1res = await call(svc, "POST", "/v1/chats", { raw: "{nope" });
    expect(v1res.status).toBe(400);
    expectSchema(v1.ErrorV1, v1res.body);
  });

  test("a body missing message is 422 naming the field", async () => {
    for (const body of [{}, { mcpServerIds: [] }]) {
      const res = await call(svc, "POST", "/v2/chats", { body });
      expect(res.status).toBe(422);
      expect(expectSchema(ErrorV2, res.body).message).toBe("message: message is required");
    }
    const empty = await call(svc, "POST", "/v2/chats/stream", { raw: "" });
    expect(empty.status).toBe(422);
    const chat = await call(svc, "POST", "/v2/chats", { body: { message: "A board /fast" } });
    const chatId = (chat.body as { chat: { id: string } }).chat.id;
    const send = await call(svc, "POST", `/v2/chats/${chatId}/messages/async`, { body: { prompt: 3 } });
    expect(send.status).toBe(422);
    expect((send.body as ErrorV2).message).toMatch(/^prompt: /);
    // A chat the caller may not read (here: none) answers 404 before its body is read: the body tells nothing.
    const unknown = await call(svc, "POST", "/v2/chats/chat_any/messages/async", { body: { prompt: 3 } });
    expect(unknown.status).toBe(404);
  });

  test("message and prompt that differ are 422; prompt alone is accepted", async () => {
    const res = await call(svc, "POST", "/v2/chats/async", { body: { message: "a", prompt: "b" } });
    expect(res.status).toBe(422);
    expect((res.body as ErrorV2).message).toMatch(/^prompt: /);
    const ok = await call(svc, "POST", "/v2/chats/async", { body: { prompt: "A counter" } });
    expect(ok.status).toBe(202);
  });

  test("a non-object body is 422", async () => {
    const res = await call(svc, "POST", "/v2/chats", { body: ["message"] });
    expect(res.status).toBe(422);
    expectSchema(ErrorV2, res.body);
  });

  test("list query parameters are validated (422)", async () => {
    for (const q of ["limit=0", "limit=101", "limit=abc", "limit=2.5", "cursor=garbage"]) {
      const res = await call(svc, "GET", `/v2/chats?${q}`);
      expect(res.status, q).toBe(422);
      expectSchema(ErrorV2, res.body);
    }
  });
});
