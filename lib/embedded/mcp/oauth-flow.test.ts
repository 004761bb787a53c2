import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthorizeResponse, ChatWithUsage, McpServer, MessageList, v1, type Message } from "@/lib/api";
import { followAuthorization } from "@/e2e/peers/follow-authorization";
import { startMcpServer, type McpServerPeer } from "@/e2e/peers/mcp-server";
import { mcpOAuthConfig, startOAuthProvider, type OAuthProviderPeer } from "@/e2e/peers/oauth-provider";
import { createEmbeddedService } from "../service";
import { expectSchema, TEST_KEY } from "../test-support";
import { describeWithoutPostgres, throwawayDatabase } from "../test-pg";
import { callOverHttp, serveOverHttp } from "./test-http";

/**
 * The whole MCP OAuth flow against real peers on loopback ports: oidc-provider (PKCE required, auto-consent,
 * refresh tokens, JWT access tokens for the resource) and an MCP server (@modelcontextprotocol/sdk) that accepts
 * only its tokens. The embedded service runs over real HTTP; the provider's redirect to the callback is followed
 * with a real GET without the bearer key.
 */

const RETURN = "http://app.test/mcp-servers/oauth/return";
const dataDir = mkdtempSync(path.join(tmpdir(), "atelier-mcp-flow-"));
let http: Awaited<ReturnType<typeof serveOverHttp>>;
let provider: OAuthProviderPeer;
let mcp: McpServerPeer;
/** Every response body of the service in this file (for the redaction check). */
const texts: string[] = [];

async function api(
  method: string,
  p: string,
  body?: unknown,
  target = http,
): Promise<{ status: number; body: unknown }> {
  return callOverHttp(target.baseUrl, method, p, body, texts);
}

const oauthConfig = (extra: Record<string, unknown> = {}) => ({ ...mcpOAuthConfig(provider, mcp.url), ...extra });

async function register(name: string, extra: Record<string, unknown> = {}, mcpUrl = mcp.url): Promise<McpServer> {
  const res = await api("POST", "/v2/mcp-servers", {
    name,
    url: mcpUrl,
    auth: "oauth",
    oauthConfig: oauthConfig(extra),
  });
  expect(res.status).toBe(201);
  return expectSchema(McpServer, res.body);
}

/** authorize → the provider (auto-consent) → a real GET of the callback; returns the callback's redirect. */
async function connect(serverId: string, version: "v1" | "v2" = "v2"): Promise<URL> {
  const auth = expectSchema(
    AuthorizeResponse,
    (await api("POST", `/${version}/mcp-servers/${serverId}/oauth/authorize`, { returnUrl: RETURN })).body,
  );
  const callbackUrl = await followAuthorization(auth.url, `${http.baseUrl}/${version}/mcp-servers/oauth/callback`);
  const res = await fetch(callbackUrl, { redirect: "manual" }); // no bearer key: the browser's request
  texts.push(await res.text());
  expect(res.status).toBe(303);
  return new URL(res.headers.get("location")!);
}

async function chatWith(
  prompt: string,
  mcpServerIds: string[],
  target = http,
): Promise<{ chatId: string; message: Message }> {
  const created = await api("POST", "/v2/chats", { message: prompt, mcpServerIds }, target);
  expect(created.status).toBe(200);
  const chatId = expectSchema(ChatWithUsage, created.body).chat.id;
  const messages = expectSchema(
    MessageList,
    (await api("GET", `/v2/chats/${chatId}/messages`, undefined, target)).body,
  ).messages;
  return { chatId, message: messages.find((m) => m.role === "assistant")! };
}

const partsOf = (message: Message) => message.parts as Array<Record<string, unknown>>;

beforeAll(async () => {
  http = await serveOverHttp((publicBaseUrl) =>
    createEmbeddedService({
      apiKey: TEST_KEY,
      dataDir,
      publicBaseUrl,
      agentDelayMs: 0,
      secretKey: "flow-test-secret-key",
      fetchAllowPrivate: true,
    }),
  );
  provider = await startOAuthProvider({
    redirectUris: [`${http.baseUrl}/v2/mcp-servers/oauth/callback`, `${http.baseUrl}/v1/mcp-servers/oauth/callback`],
    extraClients: [{ client_id: `${http.baseUrl}/oauth/client-metadata.json` }],
  });
  mcp = await startMcpServer({ issuer: provider.issuer, jwksUrl: provider.jwksUrl });
});

afterAll(async () => {
  await http?.close();
  await mcp?.close();
  await provider?.close();
});

describe("MCP OAuth flow against a real provider and MCP server", () => {
  let connectedId: string;

  it("the MCP server refuses requests without a token", async () => {
    const res = await fetch(mcp.url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(401);
  });

  it("v2: authorize → consent → callback exchanges the code (PKCE, client secret) and connects", async () => {
    const server = await register("Peer MCP");
    expect(server.auth.connected).toBe(false);
    const location = await connect(server.id);
    expect(`${location.origin}${location.pathname}`).toBe(RETURN);
    expect(Object.fromEntries(location.searchParams)).toEqual({ oauth_success: "true", mcpServerId: server.id });
    const after = expectSchema(McpServer, (await api("GET", `/v2/mcp-servers/${server.id}`)).body);
    expect(after.auth.connected).toBe(true);
    expect(after.auth.error).toBeUndefined();
    const expiresIn = Date.parse(after.auth.expiresAt!) - Date.now();
    expect(expiresIn).toBeGreaterThan(3_500_000);
    expect(provider.tokenRequests().authorizationCode).toBe(1);
    connectedId = server.id;
  });

  it("/mcp lists the connected server's tools and calls one for real; an unauthorized or deleted server's tools are not loaded", async () => {
    const other = await register("Not connected");
    const doomed = await register("Deleted later");
    const { chatId } = await chatWith("a plain first answer", [connectedId, other.id, doomed.id]);
    expect((await api("DELETE", `/v2/mcp-servers/${doomed.id}`)).status).toBe(200);
    const before = mcp.stats().calls.add ?? 0;
    const sent = await api("POST", `/v2/chats/${chatId}/messages`, { message: "/mcp add the numbers" });
    expect(sent.status).toBe(200);
    const message = sent.body as Message;
    expect(message.finishReason).toBe("stop");
    const parts = partsOf(message);
    const listing = parts.find((p) => p.type === "agent-action" && p.name === "list_mcp_tools")!;
    const data = listing.data as {
      servers: Array<{ id: string; tools: Array<{ name: string }> }>;
      notLoaded: Array<{ id: string; reason: string }>;
    };
    expect(data.servers).toHaveLength(1);
    expect(data.servers[0]!.id).toBe(connectedId);
    expect(data.servers[0]!.tools.map((t) => t.name).sort()).toEqual(["add", "echo", "whoami"]);
    expect(data.notLoaded).toEqual([
      { id: doomed.id, reason: "no such MCP server" },
      { id: other.id, name: "Not connected", reason: "not authorized by the user" },
    ]);
    const call = parts.find((p) => p.type === "tool-call" && p.name === "add")!;
    expect(call).toMatchObject({
      toolDisplayName: "Add numbers (Peer MCP)",
      input: { a: 2, b: 3 },
      status: "ok",
      output: { content: [{ type: "text", text: "5" }], structuredContent: { sum: 5 } },
    });
    expect(call.startedAt).toBeDefined();
    expect(call.finishedAt).toBeDefined();
    expect(mcp.stats().calls.add).toBe(before + 1);
    expect(mcp.stats().lastToken).toMatchObject({ aud: mcp.url, iss: provider.issuer, scope: "mcp:tools" });
  });

  it("mcpServerIds on a follow-up message attach servers; the prompt picks the tool by name", async () => {
    const { chatId } = await chatWith("a plain first answer", []);
    const sent = await api("POST", `/v2/chats/${chatId}/messages`, {
      message: "/mcp please echo this",
      mcpServerIds: [connectedId],
    });
    expect(sent.status).toBe(200);
    const call = partsOf(sent.body as Message).find((p) => p.type === "tool-call" && p.name === "echo")!;
    expect(call).toMatchObject({
      input: { text: "please echo this" },
      status: "ok",
      output: { content: [{ type: "text", text: "please echo this" }] },
    });
  });

  it("a denied consent redirects with error, error_description and mcpServerId, and stays disconnected", async () => {
    const server = await register("Denied");
    provider.setDecision("deny");
    try {
      const location = await connect(server.id);
      expect(location.searchParams.get("error")).toBe("access_denied");
      expect(location.searchParams.get("error_description")).toBe("The user denied the request.");
      expect(location.searchParams.get("mcpServerId")).toBe(server.id);
      expect(location.searchParams.get("oauth_success")).toBeNull();
    } finally {
      provider.setDecision("approve");
    }
    const after = expectSchema(McpServer, (await api("GET", `/v2/mcp-servers/${server.id}`)).body);
    expect(after.auth.connected).toBe(false);
  });

  it("v1 with a public client (no secret) and the v1 callback", async () => {
    const res = await api("POST", "/v1/mcp-servers", {
      name: "Peer v1",
      url: mcp.url,
      auth: { type: "oauth", config: oauthConfig({ clientId: provider.publicClientId, clientSecret: undefined }) },
    });
    const server = expectSchema(v1.McpServerV1, res.body);
    const location = await connect(server.id, "v1");
    expect(location.searchParams.get("oauth_success")).toBe("true");
    expectSchema(v1.McpServerV1, (await api("GET", `/v1/mcp-servers/${server.id}`)).body);
    expect((await api("GET", `/v2/mcp-servers/${server.id}`)).body).toMatchObject({ auth: { connected: true } });
  });

  it("the client metadata document URL serves as the client id when the configuration has none", async () => {
    const server = await register("Metadata client", { clientId: undefined, clientSecret: undefined });
    const location = await connect(server.id);
    expect(location.searchParams.get("oauth_success")).toBe("true");
    expect(mcp.stats().lastToken).toBeDefined();
    const { message } = await chatWith("/mcp whoami", [server.id]);
    const call = partsOf(message).find((p) => p.type === "tool-call" && p.name !== "check_project")!;
    expect(call).toMatchObject({ name: "whoami", status: "ok", output: { structuredContent: { sub: "user-1" } } });
    expect(mcp.stats().lastToken?.client_id).toBe(`${http.baseUrl}/oauth/client-metadata.json`);
  });

  it("changing the scopes drops the connection; renaming keeps it", async () => {
    const server = await register("To change");
    await connect(server.id);
    const renamed = expectSchema(
      McpServer,
      (await api("PATCH", `/v2/mcp-servers/${server.id}`, { name: "Changed" })).body,
    );
    expect(renamed.auth.connected).toBe(true);
    const rescoped = expectSchema(
      McpServer,
      (await api("PATCH", `/v2/mcp-servers/${server.id}`, { oauthConfig: oauthConfig({ scopes: ["mcp:read"] }) })).body,
    );
    expect(rescoped.auth.connected).toBe(false);
    const retoken = await register("Token endpoint");
    await connect(retoken.id);
    const moved = expectSchema(
      McpServer,
      (
        await api("PATCH", `/v2/mcp-servers/${retoken.id}`, {
          oauthConfig: oauthConfig({ tokenUrl: `${provider.issuer}/token2` }),
        })
      ).body,
    );
    expect(moved.auth.connected).toBe(false);
  });

  it("secrets are never in a response and are encrypted at rest", async () => {
    const bearer = mcp.stats().lastBearer!;
    expect(bearer.length).toBeGreaterThan(20);
    for (const text of texts) {
      expect(text).not.toContain(provider.clientSecret);
      expect(text).not.toContain(bearer);
    }
    // A pending authorization: its PKCE verifier and state must not be stored in the clear either.
    const pendingServer = await register("Pending");
    const pending = expectSchema(
      AuthorizeResponse,
      (await api("POST", `/v2/mcp-servers/${pendingServer.id}/oauth/authorize`, { returnUrl: RETURN })).body,
    );
    const challenge = new URL(pending.url).searchParams.get("code_challenge")!;
    await http.close(); // closes the database too
    const db = await PGlite.create(path.join(dataDir, "pglite"));
    try {
      const servers = JSON.stringify((await db.query("select * from mcp_servers")).rows);
      const states = JSON.stringify((await db.query("select * from mcp_oauth_states")).rows);
      expect(servers).toContain('"access_token_enc":"v1.');
      const stateRows = (await db.query<Record<string, unknown>>("select * from mcp_oauth_states")).rows;
      const row = stateRows.find((r) => r.server_id === pendingServer.id)!;
      expect(String(row.code_verifier_enc)).toMatch(/^v1\./);
      expect(row.state_hash).toBe(createHash("sha256").update(pending.state).digest("base64url"));
      for (const value of Object.values(row)) {
        if (typeof value !== "string") continue;
        expect(createHash("sha256").update(value).digest("base64url")).not.toBe(challenge); // no plaintext verifier
        expect(value).not.toBe(pending.state);
      }
      for (const dump of [servers, states]) {
        expect(dump).not.toContain(provider.clientSecret);
        expect(dump).not.toContain(bearer);
      }
    } finally {
      await db.close();
    }
  });
});

/** A confidential client the provider authenticates only with HTTP Basic (RFC 6749 §2.3.1). */
const BASIC_CLIENT = { id: "atelier-basic-client", secret: "atelier-basic-secret-0123456789" };

/** Access tokens live an hour; a test moves the service's clock past that instead of waiting. */
const TOKEN_TTL_S = 3600;

/**
 * A clock the services judge MCP token expiry by; `passTokenLifetime` moves it past the tokens' lifetime and makes the
 * MCP server refuse the tokens it has seen (as a resource server checking `exp` would), so a call only succeeds if
 * the service refreshed the token first.
 */
function tokenClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    passTokenLifetime(server: McpServerPeer) {
      offsetMs += (TOKEN_TTL_S + 1) * 1000;
      server.expireTokens();
    },
  };
}

describe("token refresh", () => {
  let shortProvider: OAuthProviderPeer;
  let shortMcp: McpServerPeer;
  let svc: Awaited<ReturnType<typeof serveOverHttp>>;
  const clock = tokenClock();

  beforeAll(async () => {
    svc = await serveOverHttp((publicBaseUrl) =>
      createEmbeddedService({
        apiKey: TEST_KEY,
        dataDir: "memory://",
        publicBaseUrl,
        agentDelayMs: 0,
        mcpNow: clock.now,
        fetchAllowPrivate: true,
      }),
    );
    shortProvider = await startOAuthProvider({
      redirectUris: [`${svc.baseUrl}/v2/mcp-servers/oauth/callback`],
      accessTokenTtlSeconds: TOKEN_TTL_S,
      extraClients: [
        {
          client_id: BASIC_CLIENT.id,
          client_secret: BASIC_CLIENT.secret,
          token_endpoint_auth_method: "client_secret_basic",
        },
      ],
      basicOnlyClients: [BASIC_CLIENT.id],
    });
    shortMcp = await startMcpServer({ issuer: shortProvider.issuer, jwksUrl: shortProvider.jwksUrl });
    // api(), register() and connect() talk to these from here on (the first service is closed by now).
    http = svc;
    provider = shortProvider;
    mcp = shortMcp;
  });
  afterAll(async () => {
    await svc?.close();
    await shortMcp?.close();
    await shortProvider?.close();
  });

  it("an expired access token is refreshed with the refresh token before the MCP call, without the user", async () => {
    const server = await register("Short-lived tokens");
    await connect(server.id);
    const connected = expectSchema(McpServer, (await api("GET", `/v2/mcp-servers/${server.id}`)).body);
    expect(connected.auth.connected).toBe(true);
    // Before expiry the token is used as it is.
    const before = shortProvider.tokenRequests().refreshToken;
    await chatWith("/mcp add", [server.id]);
    expect(shortProvider.tokenRequests().refreshToken).toBe(before);
    clock.passTokenLifetime(shortMcp);
    const rejected = shortMcp.stats().rejected;
    const { message } = await chatWith("/mcp add", [server.id]);
    const call = partsOf(message).find((p) => p.type === "tool-call" && p.name !== "check_project")!;
    expect(call).toMatchObject({ name: "add", status: "ok", output: { structuredContent: { sum: 5 } } });
    expect(shortProvider.tokenRequests().refreshToken).toBe(before + 1);
    // Refreshed before the call: the MCP server never saw the expired token.
    expect(shortMcp.stats().rejected).toBe(rejected);
    const after = expectSchema(McpServer, (await api("GET", `/v2/mcp-servers/${server.id}`)).body);
    expect(after.auth.connected).toBe(true);
    expect(Date.parse(after.auth.expiresAt!)).toBeGreaterThan(Date.parse(connected.auth.expiresAt!));
  });

  it("a provider that only accepts client_secret_basic: the code exchange and the refresh authenticate that way", async () => {
    const server = await register("Basic auth client", {
      clientId: BASIC_CLIENT.id,
      clientSecret: BASIC_CLIENT.secret,
    });
    const before = shortProvider.tokenRequests();
    const location = await connect(server.id);
    expect(Object.fromEntries(location.searchParams)).toEqual({ oauth_success: "true", mcpServerId: server.id });
    // client_secret_post refused, then client_secret_basic granted.
    expect(shortProvider.tokenRequests()).toMatchObject({
      authorizationCode: before.authorizationCode + 1,
      invalidClient: before.invalidClient + 1,
    });
    const connected = expectSchema(McpServer, (await api("GET", `/v2/mcp-servers/${server.id}`)).body);
    expect(connected.auth.connected).toBe(true);
    clock.passTokenLifetime(shortMcp);
    const { message } = await chatWith("/mcp add", [server.id]);
    const call = partsOf(message).find((p) => p.type === "tool-call" && p.name !== "check_project")!;
    expect(call).toMatchObject({ name: "add", status: "ok" });
    // The refresh also went post → refused → basic.
    const now = shortProvider.tokenRequests();
    expect(now.refreshToken - before.refreshToken).toBe(1);
    expect(now.invalidClient - before.invalidClient).toBe(2);
    const after = expectSchema(McpServer, (await api("GET", `/v2/mcp-servers/${server.id}`)).body);
    expect(after.auth).toMatchObject({ connected: true });
    expect(Date.parse(after.auth.expiresAt!)).toBeGreaterThan(Date.parse(connected.auth.expiresAt!));
  });

  it("concurrent uses of a rotating refresh token (public client) refresh one at a time and stay connected", async () => {
    const server = await register("Rotating", { clientId: shortProvider.publicClientId, clientSecret: undefined });
    await connect(server.id);
    clock.passTokenLifetime(shortMcp);
    const before = shortProvider.tokenRequests().refreshToken;
    const results = await Promise.all([chatWith("/mcp add", [server.id]), chatWith("/mcp echo hi", [server.id])]);
    for (const { message } of results) {
      const call = partsOf(message).find((p) => p.type === "tool-call" && p.name !== "check_project")!;
      expect(
        call?.status,
        JSON.stringify(partsOf(message).find((p) => p.type === "agent-action" && p.name === "list_mcp_tools")),
      ).toBe("ok");
    }
    expect(shortProvider.tokenRequests().refreshToken).toBeGreaterThan(before);
    const after = expectSchema(McpServer, (await api("GET", `/v2/mcp-servers/${server.id}`)).body);
    expect(after.auth).toMatchObject({ connected: true });
    expect(after.auth.error).toBeUndefined();
  });
});

/**
 * Two service processes on one PostgreSQL database (TEST_DATABASE_URL; run by CI, skipped locally without it): an
 * expired token with a rotating refresh token (public client) used by both at once is refreshed by one at a time.
 * Without the cross-process lock both refresh with the same token: the provider refuses the second (a spent
 * rotating token) and that process's tool call fails.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) describeWithoutPostgres("token refresh across processes on PostgreSQL");
else
  describe("token refresh across processes on PostgreSQL", () => {
    const database = throwawayDatabase(adminUrl ?? "postgres://unused", "atelier_mcp");
    let one: Awaited<ReturnType<typeof serveOverHttp>>;
    let two: Awaited<ReturnType<typeof serveOverHttp>>;
    let sharedProvider: OAuthProviderPeer;
    let sharedMcp: McpServerPeer;
    const clock = tokenClock();

    beforeAll(async () => {
      await database.create();
      const service = (publicBaseUrl: string) =>
        createEmbeddedService({
          apiKey: TEST_KEY,
          dataDir: "unused",
          databaseUrl: database.url,
          publicBaseUrl,
          agentDelayMs: 0,
          secretKey: "shared-secret-key",
          mcpNow: clock.now,
          fetchAllowPrivate: true,
        });
      one = await serveOverHttp(service);
      two = await serveOverHttp(service);
      sharedProvider = await startOAuthProvider({
        redirectUris: [`${one.baseUrl}/v2/mcp-servers/oauth/callback`],
        accessTokenTtlSeconds: TOKEN_TTL_S,
      });
      sharedMcp = await startMcpServer({ issuer: sharedProvider.issuer, jwksUrl: sharedProvider.jwksUrl });
      http = one;
      provider = sharedProvider;
      mcp = sharedMcp;
    });
    afterAll(async () => {
      await one?.close();
      await two?.close();
      await sharedMcp?.close();
      await sharedProvider?.close();
      await database.drop();
    });

    it("both processes use the server at once after expiry: refreshes never spend a token twice, both calls succeed", async () => {
      const server = await register("Shared", { clientId: sharedProvider.publicClientId, clientSecret: undefined });
      await connect(server.id);
      clock.passTokenLifetime(sharedMcp);
      const before = sharedProvider.tokenRequests();
      const results = await Promise.all([
        chatWith("/mcp add", [server.id], one),
        chatWith("/mcp add", [server.id], two),
      ]);
      for (const { message } of results) {
        const call = partsOf(message).find((p) => p.type === "tool-call" && p.name === "add");
        expect(
          call?.status,
          JSON.stringify(partsOf(message).find((p) => p.type === "agent-action" && p.name === "list_mcp_tools")),
        ).toBe("ok");
      }
      // Both saw the token expired: one refreshed, the other waited for it and used the new token; never a spent token.
      const now = sharedProvider.tokenRequests();
      expect(now.refreshToken).toBe(before.refreshToken + 1);
      expect(now.invalidGrant).toBe(before.invalidGrant);
      const after = expectSchema(McpServer, (await api("GET", `/v2/mcp-servers/${server.id}`, undefined, two)).body);
      expect(after.auth).toMatchObject({ connected: true });
      expect(after.auth.error).toBeUndefined();
    });
  });
