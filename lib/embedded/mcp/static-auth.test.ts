import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpServerRecord, Message, REDACTED, type Part } from "@/lib/api";
import { startMcpServer, type McpServerPeer } from "@/e2e/peers/mcp-server";
import type { EmbeddedService } from "../service";
import { call, expectSchema, startService } from "../test-support";

/**
 * Bearer-token and custom-header MCP servers (the document's `auth: {type: "bearer" | "custom-headers"}`), end to
 * end against real MCP peers: the agent's `/mcp` tool call carries the stored secret and succeeds; with the wrong
 * secret the server refuses and its tools are not loaded. Secrets never appear in a response.
 */

const TOKEN = "static-token-4c1f-do-not-leak";
const HEADER = "hdr-value-93ab-do-not-leak";

let svc: EmbeddedService;
let bearerPeer: McpServerPeer;
let headersPeer: McpServerPeer;
beforeAll(async () => {
  svc = await startService();
  bearerPeer = await startMcpServer({ bearerToken: TOKEN });
  headersPeer = await startMcpServer({ requiredHeaders: { "x-api-key": HEADER, "x-tenant": "t1" } });
});
afterAll(async () => {
  await svc.close();
  await bearerPeer.close();
  await headersPeer.close();
});

const texts: string[] = [];
async function api(method: string, path: string, body?: unknown) {
  const res = await call(svc, method, path, { body });
  texts.push(JSON.stringify(res.body));
  return res;
}

async function runMcp(serverId: string): Promise<Part[]> {
  const res = await api("POST", "/v2/chats", { message: "/mcp add", mcpServerIds: [serverId] });
  expect(res.status).toBe(200);
  const chatId = (res.body as { chat: { id: string } }).chat.id;
  const list = (await api("GET", `/v2/chats/${chatId}/messages`)).body as { messages: unknown[] };
  const assistant = list.messages.map((m) => expectSchema(Message, m)).find((m) => m.role === "assistant")!;
  return assistant.parts ?? [];
}

const toolCall = (parts: Part[]) =>
  parts.find((p) => p.type === "tool-call" && p.name === "add") as
    (Part & { status?: string; output?: unknown }) | undefined;
const listing = (parts: Part[]) =>
  parts.find((p) => p.type === "agent-action" && p.name === "list_mcp_tools") as
    (Part & { data: { notLoaded: Array<{ reason: string }> } }) | undefined;

describe("bearer-token MCP server", () => {
  let id = "";
  it("registers with the document's body; the record redacts the token", async () => {
    const res = await api("POST", "/v2/mcp-servers", {
      name: "Bearer peer",
      url: bearerPeer.url,
      enabled: true,
      scope: "user",
      auth: { type: "bearer", token: TOKEN },
    });
    expect(res.status).toBe(201);
    const record = expectSchema(McpServerRecord, res.body);
    expect(record.auth).toEqual({ type: "bearer", token: REDACTED });
    id = record.id;
  });

  it("the agent's tool call sends Authorization: Bearer <token> and succeeds", async () => {
    const parts = await runMcp(id);
    const call = toolCall(parts);
    expect(call?.status).toBe("ok");
    expect(JSON.stringify(call?.output)).toContain("sum");
    expect(bearerPeer.stats().lastBearer).toBe(TOKEN);
  });

  it("with the wrong token the server refuses (401) and its tools are not loaded", async () => {
    const rejectedBefore = bearerPeer.stats().rejected;
    expect(
      (await api("PATCH", `/v2/mcp-servers/${id}`, { auth: { type: "bearer", token: "wrong-token" } })).status,
    ).toBe(200);
    const parts = await runMcp(id);
    expect(toolCall(parts)).toBeUndefined();
    expect(listing(parts)?.data.notLoaded[0]?.reason).toMatch(/refused the bearer token/);
    expect(bearerPeer.stats().rejected).toBeGreaterThan(rejectedBefore);
  });
});

describe("custom-headers MCP server", () => {
  let id = "";
  it("registers; the record lists the header names with redacted values", async () => {
    const res = await api("POST", "/v2/mcp-servers", {
      name: "Headers peer",
      url: headersPeer.url,
      enabled: true,
      scope: "user",
      auth: { type: "custom-headers", headers: { "X-Api-Key": HEADER, "X-Tenant": "t1" } },
    });
    expect(res.status).toBe(201);
    const record = expectSchema(McpServerRecord, res.body);
    expect(record.auth).toEqual({ type: "custom-headers", headers: { "X-Api-Key": REDACTED, "X-Tenant": REDACTED } });
    id = record.id;
  });

  it("the agent's tool call sends the headers and succeeds", async () => {
    const call = toolCall(await runMcp(id));
    expect(call?.status).toBe("ok");
  });

  it("without the right headers the server refuses and its tools are not loaded", async () => {
    expect(
      (
        await api("PATCH", `/v2/mcp-servers/${id}`, {
          auth: { type: "custom-headers", headers: { "X-Api-Key": "nope" } },
        })
      ).status,
    ).toBe(200);
    const parts = await runMcp(id);
    expect(toolCall(parts)).toBeUndefined();
    expect(listing(parts)?.data.notLoaded[0]?.reason).toMatch(/refused the custom headers/);
  });

  it("rejects headers the transport sets itself and header values with line breaks (422)", async () => {
    for (const headers of [{ Host: "x" }, { "Content-Type": "x" }, { "X-Bad": "a\r\nb" }, { "bad name": "x" }, {}]) {
      const res = await api("POST", "/v2/mcp-servers", {
        name: "Bad",
        url: headersPeer.url,
        auth: { type: "custom-headers", headers },
      });
      expect(res.status, JSON.stringify(headers)).toBe(422);
    }
  });
});

describe("switching authentication", () => {
  it("changing the type without the new secret is a 422; none drops the stored secret", async () => {
    const created = expectSchema(
      McpServerRecord,
      (await api("POST", "/v2/mcp-servers", { name: "Switch", url: bearerPeer.url, auth: { type: "none" } })).body,
    );
    expect((await api("PATCH", `/v2/mcp-servers/${created.id}`, { auth: "oauth" })).status).toBe(422);
    const withToken = expectSchema(
      McpServerRecord,
      (await api("PATCH", `/v2/mcp-servers/${created.id}`, { auth: { type: "bearer", token: TOKEN } })).body,
    );
    expect(withToken.auth).toEqual({ type: "bearer", token: REDACTED });
    const renamed = expectSchema(
      McpServerRecord,
      (await api("PATCH", `/v2/mcp-servers/${created.id}`, { name: "Switch 2" })).body,
    );
    expect(renamed.auth).toEqual({ type: "bearer", token: REDACTED });
    const open = expectSchema(
      McpServerRecord,
      (await api("PATCH", `/v2/mcp-servers/${created.id}`, { auth: { type: "none" } })).body,
    );
    expect(open.auth).toEqual({ type: "none" });
  });

  it("no response contained a secret", () => {
    expect(texts.length).toBeGreaterThan(10);
    for (const t of texts) {
      expect(t).not.toContain(TOKEN);
      expect(t).not.toContain(HEADER);
    }
  });
});
