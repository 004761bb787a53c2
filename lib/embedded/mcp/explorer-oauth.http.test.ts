import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthorizeResponse, McpConnectionLog, McpServer, McpToolResult } from "@/lib/api";
import { followAuthorization } from "@/e2e/peers/follow-authorization";
import { startMcpServer, type McpServerPeer } from "@/e2e/peers/mcp-server";
import { mcpOAuthConfig, startOAuthProvider, type OAuthProviderPeer } from "@/e2e/peers/oauth-provider";
import { expectSchema, startService } from "../test-support";
import { callOverHttp, serveOverHttp } from "./test-http";

/**
 * The MCP explorer over OAuth, against real peers (oidc-provider, an SDK MCP server accepting only its JWTs): a tool
 * called with the stored access token, an expired token refreshed first, a refresh the token endpoint refuses
 * (401 invalid_client) explained in the log in words, and no token or client secret anywhere in the log.
 */

const RETURN = "http://app.test/mcp-servers/oauth/return";
const WRONG_SECRET = "wrong-client-secret-9f3c";
const TOKEN_TTL_S = 3600;

let http: Awaited<ReturnType<typeof serveOverHttp>>;
let provider: OAuthProviderPeer;
let mcp: McpServerPeer;
let offsetMs = 0;
const texts: string[] = [];

const api = (method: string, p: string, body?: unknown) => callOverHttp(http.baseUrl, method, p, body, texts);

const oauthConfig = (clientSecret: string) => ({ ...mcpOAuthConfig(provider, mcp.url), clientSecret });

/** Moves the service's clock past the tokens' lifetime; the MCP server refuses the tokens it has seen. */
function passTokenLifetime() {
  offsetMs += (TOKEN_TTL_S + 1) * 1000;
  mcp.expireTokens();
}

const logOf = async (id: string) =>
  expectSchema(McpConnectionLog, (await api("GET", `/v2/mcp-servers/${id}/log`)).body).entries;

beforeAll(async () => {
  http = await serveOverHttp((publicBaseUrl) =>
    startService({ publicBaseUrl, mcpNow: () => new Date(Date.now() + offsetMs) }),
  );
  provider = await startOAuthProvider({
    redirectUris: [`${http.baseUrl}/v2/mcp-servers/oauth/callback`],
    accessTokenTtlSeconds: TOKEN_TTL_S,
  });
  mcp = await startMcpServer({ issuer: provider.issuer, jwksUrl: provider.jwksUrl, explorer: true });
});
afterAll(async () => {
  await http?.close();
  await mcp?.close();
  await provider?.close();
});

describe("the MCP explorer over OAuth", () => {
  let id = "";

  it("before connecting: 409 saying the server is not connected", async () => {
    const res = await api("POST", "/v2/mcp-servers", {
      name: "OAuth explorer peer",
      url: mcp.url,
      auth: "oauth",
      oauthConfig: oauthConfig(provider.clientSecret),
    });
    id = expectSchema(McpServer, res.body).id;
    const tools = await api("GET", `/v2/mcp-servers/${id}/tools`);
    expect(tools.status).toBe(409);
    expect((tools.body as { message: string }).message).toMatch(/not connected: authorize the server first/);
  });

  it("after the authorization: a tool runs with the access token; the log shows the authorization and token exchange", async () => {
    const auth = expectSchema(
      AuthorizeResponse,
      (await api("POST", `/v2/mcp-servers/${id}/oauth/authorize`, { returnUrl: RETURN })).body,
    );
    const callback = await followAuthorization(auth.url, `${http.baseUrl}/v2/mcp-servers/oauth/callback`);
    expect((await fetch(callback, { redirect: "manual" })).status).toBe(303);
    const res = await api("POST", `/v2/mcp-servers/${id}/tools/call`, { name: "whoami", arguments: {} });
    expect(res.status).toBe(200);
    expect(expectSchema(McpToolResult, res.body).structuredContent).toMatchObject({ sub: "user-1" });
    const steps = (await logOf(id)).map((e) => `${e.step} ${e.ok}`);
    expect(steps).toEqual(["authorization true", "token-exchange true", "initialize true", "tools/call whoami true"]);
  });

  it("an expired access token is refreshed before the call, and the refresh is logged", async () => {
    const before = provider.tokenRequests().refreshToken;
    passTokenLifetime();
    const res = await api("POST", `/v2/mcp-servers/${id}/tools/call`, { name: "add", arguments: { a: 2, b: 3 } });
    expect(res.status).toBe(200);
    expect(expectSchema(McpToolResult, res.body).structuredContent).toEqual({ sum: 5 });
    expect(provider.tokenRequests().refreshToken).toBe(before + 1);
    const refresh = (await logOf(id)).find((e) => e.step === "refresh")!;
    expect(refresh.ok).toBe(true);
    expect(refresh.detail).toMatch(/issued an access token \(expires in 3600 s, with a refresh token\)/);
  });

  it("a refresh the token endpoint refuses: 409 for the explorer, and the log says why in words", async () => {
    // A changed client secret keeps the tokens (only client id, scopes, token endpoint or resource drop them).
    const patched = await api("PATCH", `/v2/mcp-servers/${id}`, { oauthConfig: oauthConfig(WRONG_SECRET) });
    expect(patched.status).toBe(200);
    passTokenLifetime();
    const res = await api("GET", `/v2/mcp-servers/${id}/tools`);
    expect(res.status).toBe(409);
    const failed = (await logOf(id)).filter((e) => e.step === "refresh" && !e.ok).at(-1)!;
    expect(failed.detail).toMatch(/^The server's token endpoint answered 401 invalid_client/);
    expect(failed.detail).toContain(provider.tokenUrl);
  });

  it("neither the log nor any answer holds a token or a client secret", async () => {
    const log = JSON.stringify(await logOf(id));
    const seen = mcp.stats().lastBearer!;
    expect(seen.length).toBeGreaterThan(20);
    for (const text of [log, ...texts]) {
      expect(text).not.toContain(seen);
      expect(text).not.toContain(provider.clientSecret);
      expect(text).not.toContain(WRONG_SECRET);
    }
  });
});
