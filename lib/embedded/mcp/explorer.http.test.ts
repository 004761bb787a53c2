import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  McpConnectionLog,
  McpPromptList,
  McpPromptResult,
  McpResourceContents,
  McpResourceList,
  McpServerRecord,
  McpToolList,
  McpToolResult,
} from "@/lib/api";
import { README_TEXT, startMcpServer, type McpServerPeer } from "@/e2e/peers/mcp-server";
import type { EmbeddedService } from "../service";
import { call, expectSchema, startService } from "../test-support";

/**
 * The MCP explorer's endpoints against real MCP servers (@modelcontextprotocol/sdk peers on loopback ports) with a
 * bearer token and with custom headers: tools, resources, prompts, refusals, and the connection log with its
 * secrets redacted. The OAuth half is explorer-oauth.http.test.ts.
 */

const TOKEN = "explorer-token-7d1e-do-not-leak";
const HEADER = "explorer-header-5b2a-do-not-leak";

let svc: EmbeddedService;
let bearerPeer: McpServerPeer;
let headersPeer: McpServerPeer;
let bearerId = "";
let headersId = "";
/** Every response body (the redaction check reads them all). */
const texts: string[] = [];

async function api(method: string, path: string, body?: unknown, on = svc) {
  const res = await call(on, method, path, { body });
  texts.push(JSON.stringify(res.body));
  return res;
}

async function register(on: EmbeddedService, url: string, auth: unknown): Promise<string> {
  const res = await api("POST", "/v2/mcp-servers", { name: "Explorer peer", url, auth }, on);
  expect(res.status).toBe(201);
  return expectSchema(McpServerRecord, res.body).id;
}

const logOf = async (id: string, on = svc) =>
  expectSchema(McpConnectionLog, (await api("GET", `/v2/mcp-servers/${id}/log`, undefined, on)).body).entries;

beforeAll(async () => {
  svc = await startService();
  bearerPeer = await startMcpServer({ bearerToken: TOKEN, explorer: true });
  headersPeer = await startMcpServer({ requiredHeaders: { "x-api-key": HEADER }, explorer: true });
  bearerId = await register(svc, bearerPeer.url, { type: "bearer", token: TOKEN });
  headersId = await register(svc, headersPeer.url, { type: "custom-headers", headers: { "X-Api-Key": HEADER } });
});
afterAll(async () => {
  await svc.close();
  await bearerPeer.close();
  await headersPeer.close();
});

describe("tools", () => {
  it("lists the tools with their schemas", async () => {
    const res = await api("GET", `/v2/mcp-servers/${bearerId}/tools`);
    expect(res.status).toBe(200);
    const { tools } = expectSchema(McpToolList, res.body);
    expect(tools.map((t) => t.name)).toEqual(["add", "echo", "whoami", "create_issue", "render_badge", "fail"]);
    const issue = tools.find((t) => t.name === "create_issue")!;
    expect(issue).toMatchObject({ title: "Create issue", description: "Files an issue in the tracker." });
    expect(issue.inputSchema).toMatchObject({
      type: "object",
      required: ["title", "priority"],
      properties: { priority: { enum: ["low", "normal", "high"] } },
    });
    expect(issue.outputSchema).toMatchObject({ type: "object" });
    expect(issue.annotations).toEqual({ destructiveHint: false });
  });

  it("calls a tool: content, structured content, isError false; the peer saw the stored token", async () => {
    const res = await api("POST", `/v2/mcp-servers/${bearerId}/tools/call`, {
      name: "create_issue",
      arguments: { title: "Login fails", priority: "high", urgent: true },
    });
    expect(res.status).toBe(200);
    const result = expectSchema(McpToolResult, res.body);
    expect(result.isError).toBe(false);
    expect(result.content).toEqual([{ type: "text", text: "Created issue #42: Login fails" }]);
    expect(result.structuredContent).toEqual({ id: 42, title: "Login fails", priority: "high", labels: ["urgent"] });
    expect(bearerPeer.stats().lastBearer).toBe(TOKEN);
  });

  it("answers images and resource links as the server sent them", async () => {
    const res = await api("POST", `/v2/mcp-servers/${bearerId}/tools/call`, {
      name: "render_badge",
      arguments: { label: "ok" },
    });
    const result = expectSchema(McpToolResult, res.body);
    expect(result.content.map((c) => c.type)).toEqual(["text", "image", "resource_link"]);
    expect(result.content[1]).toMatchObject({ mimeType: "image/png", data: expect.stringMatching(/^iVBOR/) });
    expect(result.content[2]).toMatchObject({ uri: "notes://readme", name: "readme" });
  });

  it("a tool's own failure is a 200 with isError true", async () => {
    const res = await api("POST", `/v2/mcp-servers/${bearerId}/tools/call`, {
      name: "fail",
      arguments: { reason: "on purpose" },
    });
    expect(res.status).toBe(200);
    expect(expectSchema(McpToolResult, res.body)).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "Failed: on purpose" }],
    });
  });

  it("arguments the tool's schema refuses → the MCP error result or a 422, never a 5xx", async () => {
    const before = bearerPeer.stats().calls.create_issue ?? 0;
    for (const args of [
      { title: "x", priority: "whenever" },
      { priority: "low" },
      { title: "x", priority: "low", estimate: 99 },
    ]) {
      const res = await api("POST", `/v2/mcp-servers/${bearerId}/tools/call`, {
        name: "create_issue",
        arguments: args,
      });
      expect(res.status).toBeLessThan(500);
      if (res.status === 200) {
        const result = expectSchema(McpToolResult, res.body);
        expect(result.isError).toBe(true);
        expect(JSON.stringify(result.content)).toMatch(/validation/i);
      } else {
        expect(res.status).toBe(422);
      }
    }
    expect(bearerPeer.stats().calls.create_issue ?? 0).toBe(before); // the tool itself never ran
  });

  it("an unknown tool is refused without a 5xx", async () => {
    const res = await api("POST", `/v2/mcp-servers/${bearerId}/tools/call`, { name: "nope", arguments: {} });
    expect(res.status).toBeLessThan(500);
    expect(JSON.stringify(res.body)).toMatch(/nope/);
  });

  it("a body without a name, or with arguments that are not an object → 422, nothing sent", async () => {
    const before = bearerPeer.stats().calls;
    for (const body of [{ arguments: {} }, { name: "add", arguments: [1, 2] }, { name: "" }]) {
      const res = await api("POST", `/v2/mcp-servers/${bearerId}/tools/call`, body);
      expect(res.status).toBe(422);
      expect((res.body as { message: string }).message).toMatch(/name|arguments/);
    }
    expect(bearerPeer.stats().calls).toEqual(before);
  });

  it("an unknown server → 404", async () => {
    const res = await api("GET", "/v2/mcp-servers/mcp_missing/tools");
    expect(res.status).toBe(404);
    expect((res.body as { message: string }).message).toMatch(/mcp_missing/);
  });
});

describe("resources and prompts", () => {
  it("lists and reads a resource", async () => {
    const list = expectSchema(McpResourceList, (await api("GET", `/v2/mcp-servers/${headersId}/resources`)).body);
    expect(list.resources).toEqual([
      expect.objectContaining({ uri: "notes://readme", name: "readme", mimeType: "text/markdown" }),
    ]);
    const read = await api("POST", `/v2/mcp-servers/${headersId}/resources/read`, { uri: "notes://readme" });
    expect(read.status).toBe(200);
    expect(expectSchema(McpResourceContents, read.body).contents).toEqual([
      { uri: "notes://readme", mimeType: "text/markdown", text: README_TEXT },
    ]);
  });

  it("an unknown resource → 422 saying so", async () => {
    const res = await api("POST", `/v2/mcp-servers/${headersId}/resources/read`, { uri: "notes://missing" });
    expect(res.status).toBe(422);
    expect((res.body as { message: string }).message).toMatch(/notes:\/\/missing/);
  });

  it("lists prompts and gets one with its arguments", async () => {
    const list = expectSchema(McpPromptList, (await api("GET", `/v2/mcp-servers/${headersId}/prompts`)).body);
    expect(list.prompts).toEqual([
      expect.objectContaining({
        name: "review_code",
        arguments: [
          expect.objectContaining({ name: "code", required: true }),
          expect.objectContaining({ name: "language" }),
        ],
      }),
    ]);
    const res = await api("POST", `/v2/mcp-servers/${headersId}/prompts/get`, {
      name: "review_code",
      arguments: { code: "let x = 1", language: "TypeScript" },
    });
    expect(res.status).toBe(200);
    const prompt = expectSchema(McpPromptResult, res.body);
    expect(prompt.description).toBe("A code review request");
    expect(prompt.messages).toEqual([
      { role: "user", content: { type: "text", text: "Review this TypeScript:\nlet x = 1" } },
    ]);
  });

  it("a prompt without its required argument → 422; arguments that are not strings → 422", async () => {
    const missing = await api("POST", `/v2/mcp-servers/${headersId}/prompts/get`, { name: "review_code" });
    expect(missing.status).toBe(422);
    const numbers = await api("POST", `/v2/mcp-servers/${headersId}/prompts/get`, {
      name: "review_code",
      arguments: { code: 1 },
    });
    expect(numbers.status).toBe(422);
  });
});

describe("refused credentials and the connection log", () => {
  it("a server that refuses the bearer token → 502 saying so; the log says why", async () => {
    const wrong = await register(svc, bearerPeer.url, { type: "bearer", token: "wrong-token-1234" });
    const res = await api("GET", `/v2/mcp-servers/${wrong}/tools`);
    expect(res.status).toBe(502);
    expect((res.body as { message: string }).message).toMatch(/refused the stored credentials.*bearer token \(401\)/);
    const entries = await logOf(wrong);
    expect(entries.at(-1)).toMatchObject({ step: "initialize", ok: false });
    expect(entries.at(-1)!.detail).toMatch(
      /answered 401: it refused the credentials \(its protected resource metadata is at http/,
    );
    expect(JSON.stringify(entries)).not.toContain("wrong-token-1234");
  });

  it("logs each connection and call with its duration", async () => {
    const entries = await logOf(bearerId);
    const steps = entries.map((e) => e.step);
    expect(steps).toContain("initialize");
    expect(steps).toContain("tools/list");
    expect(steps).toContain("tools/call create_issue");
    for (const e of entries) {
      expect(Number.isNaN(Date.parse(e.at))).toBe(false);
      expect(e.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(entries.find((e) => e.step === "initialize" && e.ok)!.detail).toMatch(
      /Connected to http.*atelier-test-mcp 1\.0\.0/,
    );
  });

  it("keeps the last 100 entries", async () => {
    for (let i = 0; i < 52; i++) expect((await api("GET", `/v2/mcp-servers/${headersId}/prompts`)).status).toBe(200);
    const entries = await logOf(headersId);
    expect(entries).toHaveLength(100);
    expect(entries.at(-1)!.step).toBe("prompts/list");
    const times = entries.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times); // oldest first
  });

  it("no response ever carries the token or a header value", () => {
    const all = texts.join("\n");
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain(HEADER);
  });
});

describe("the private-address guard", () => {
  let guarded: EmbeddedService;
  beforeAll(async () => {
    guarded = await startService({ fetchAllowPrivate: false });
  });
  afterAll(async () => {
    await guarded.close();
  });

  it("without EMBEDDED_FETCH_ALLOW_PRIVATE a loopback MCP server is never contacted", async () => {
    const id = await register(guarded, bearerPeer.url, { type: "bearer", token: TOKEN });
    const before = bearerPeer.stats();
    const res = await api("GET", `/v2/mcp-servers/${id}/tools`, undefined, guarded);
    expect(res.status).toBe(502);
    expect((res.body as { message: string }).message).toMatch(/127\.0\.0\.1 is not a public host/);
    expect(bearerPeer.stats()).toEqual(before);
    const entries = await logOf(id, guarded);
    expect(entries.at(-1)).toMatchObject({ step: "initialize", ok: false });
  });
});
