import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Chat, ChatWithUsage, MessageList } from "@/lib/api";
import type { EmbeddedService } from "../service";
import { BASE, TEST_KEY, call, startService } from "../test-support";

/** The service's own MCP endpoint (interface.md 4.6) driven by the SDK's real client over the service's handler, with an OAuth access token. */
let svc: EmbeddedService;
let accessToken = "";
const clients: Client[] = [];

/** An access token for {mcp_url} through the OAuth flow (registration, approval, code exchange; oauth.http.test.ts). */
async function oauthToken(): Promise<string> {
  const redirect = "http://127.0.0.1:8700/cb";
  const post = (path: string, body: string, type: string) =>
    svc.handle(new Request(`${BASE}${path}`, { method: "POST", headers: { "content-type": type }, body }));
  const reg = (await (
    await post("/oauth/register", JSON.stringify({ redirect_uris: [redirect] }), "application/json")
  ).json()) as { client_id: string };
  const verifier = randomBytes(32).toString("base64url");
  const params = {
    response_type: "code",
    client_id: reg.client_id,
    redirect_uri: redirect,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    resource: `${BASE}/mcp`,
  };
  const decided = (await svc.remoteMcp.decide(params, true, "admin")) as { redirectTo: string };
  const code = new URL(decided.redirectTo).searchParams.get("code")!;
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    client_id: reg.client_id,
    code,
    code_verifier: verifier,
    redirect_uri: redirect,
  });
  return (
    (await (await post("/oauth/token", form.toString(), "application/x-www-form-urlencoded")).json()) as {
      access_token: string;
    }
  ).access_token;
}

beforeAll(async () => {
  svc = await startService({ chatUrl: (id) => `http://dash.test/chats/${encodeURIComponent(id)}` });
  accessToken = await oauthToken();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await svc.close();
});

async function connect(key: string | null = accessToken): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
    requestInit: key ? { headers: { authorization: `Bearer ${key}` } } : {},
    fetch: (input, init) => svc.handle(new Request(input, init)),
  });
  const client = new Client({ name: "endpoint-test", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const json = (result: Awaited<ReturnType<Client["callTool"]>>) =>
  JSON.parse((result.content as { type: string; text: string }[])[0]!.text) as unknown;

describe("remote MCP endpoint", () => {
  test("lists the six tools backed by the v2 endpoints", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "create_chat",
      "get_chat",
      "get_preview",
      "list_chats",
      "list_messages",
      "send_message",
    ]);
    expect(tools.find((t) => t.name === "create_chat")!.inputSchema.required).toEqual(["message"]);
  });

  test("create, send, list and read through tools: the same chats as the HTTP API, each with its url", async () => {
    const client = await connect();
    const created = await client.callTool({
      name: "create_chat",
      arguments: { message: "A habit tracker", privacy: "team" },
    });
    expect(created.isError).toBeFalsy();
    const body = ChatWithUsage.extend({ chat: Chat.extend({}).passthrough() }).parse(json(created));
    const chatId = body.chat.id;
    expect(body.chat).toMatchObject({
      title: "Habit tracker",
      privacy: "team",
      url: `http://dash.test/chats/${chatId}`,
    });
    expect(created.structuredContent).toMatchObject({ chat: { id: chatId } });
    // The HTTP API sees it (and without the url, which only the tools add).
    const viaHttp = await call(svc, "GET", `/v2/chats/${chatId}`);
    expect(Chat.parse(viaHttp.body).id).toBe(chatId);

    const sent = await client.callTool({
      name: "send_message",
      arguments: { chatId, message: "Add a streak counter" },
    });
    expect(sent.isError).toBeFalsy();
    expect(json(sent)).toMatchObject({ role: "assistant", finishReason: "stop" });

    const messages = MessageList.parse(
      json(await client.callTool({ name: "list_messages", arguments: { chatId, limit: 10 } })),
    );
    expect(messages.messages.filter((m) => m.role === "user").map((m) => m.content)).toEqual(
      expect.arrayContaining(["A habit tracker", "Add a streak counter"]),
    );
    const got = json(await client.callTool({ name: "get_chat", arguments: { chatId } }));
    expect(got).toMatchObject({ id: chatId, url: `http://dash.test/chats/${chatId}` });
    const list = json(await client.callTool({ name: "list_chats", arguments: { limit: 5 } })) as {
      chats: { id: string; url: string }[];
    };
    expect(list.chats.find((c) => c.id === chatId)?.url).toBe(`http://dash.test/chats/${chatId}`);
    const preview = json(await client.callTool({ name: "get_preview", arguments: { chatId } })) as {
      url: string;
    } | null;
    expect(preview?.url).toMatch(/^http:\/\/p[a-z2-7]{26}\.localhost:3001\/$/);
  });

  test("service errors come back as tool errors with the service's message; bad arguments are refused; nothing changes", async () => {
    const client = await connect();
    const before = (await call(svc, "GET", "/v2/chats")).body as { chats: unknown[] };
    const missing = await client.callTool({ name: "get_chat", arguments: { chatId: "chat_nope" } });
    expect(missing.isError).toBe(true);
    expect(JSON.stringify(missing.content)).toMatch(/404/);
    const invalid = await client.callTool({ name: "create_chat", arguments: { message: "" } });
    expect(invalid.isError).toBe(true);
    const after = (await call(svc, "GET", "/v2/chats")).body as { chats: unknown[] };
    expect(after.chats).toHaveLength(before.chats.length);
  });

  test("without an access token the endpoint answers 401 in the spec's shape, pointing at the resource metadata", async () => {
    await expect(connect(null)).rejects.toThrow(/Missing or invalid access token/);
    // The API key is not an access token (unless EMBEDDED_MCP_ALLOW_API_KEY=1).
    await expect(connect(TEST_KEY)).rejects.toThrow(/Missing or invalid access token/);
    const res = await svc.handle(
      new Request(`${BASE}/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
    );
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${BASE}/.well-known/oauth-protected-resource"`,
    );
    expect(((await res.json()) as { message: string }).message).toMatch(/access token/);
  });
});
