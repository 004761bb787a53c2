import { createHash, randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { EmbeddedService } from "../../service";
import { BASE, TEST_KEY, startService } from "../../test-support";
import { ROTATION_GRACE_MS } from "./refresh";

/** The remote MCP endpoint's authorization server over HTTP (svc.handle), and the SDK's own OAuth client through it. */
let svc: EmbeddedService;
const RESOURCE = `${BASE}/mcp`;
const REDIRECT = "http://127.0.0.1:8765/callback";
const DOC_ID = "https://client.example/mcp-client.json";
let docBody: unknown = null;

/** The authorization server's clock: the system's, plus what a test has moved it on by. */
let clockOffsetMs = 0;

beforeAll(async () => {
  svc = await startService({
    remoteMcpNow: () => new Date(Date.now() + clockOffsetMs),
    fetchClientMetadataDocument: async (url) =>
      url === DOC_ID && docBody
        ? Response.json(docBody)
        : url.endsWith("/c.json") // a valid document for any host, to show which hosts are never asked
          ? Response.json({ client_id: url, client_name: "Any", redirect_uris: [REDIRECT] })
          : new Response("nope", { status: 404 }),
  });
});
afterAll(async () => {
  await svc.close();
});
afterEach(() => {
  clockOffsetMs = 0;
});

const handle = (input: string | URL | Request, init?: RequestInit) => svc.handle(new Request(input, init));

async function post(path: string, body: Record<string, string> | unknown, json = false) {
  const res = await handle(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": json ? "application/json" : "application/x-www-form-urlencoded" },
    body: json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown>,
  };
}

const pkce = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

async function register(redirectUris = [REDIRECT]): Promise<string> {
  const res = await post("/oauth/register", { client_name: "Test client", redirect_uris: redirectUris }, true);
  expect(res.status).toBe(201);
  return res.body.client_id as string;
}

/** Approves an authorization request as the dashboard page would; returns the code. */
async function approve(clientId: string, challenge: string, over: Record<string, string> = {}): Promise<string> {
  const decided = await svc.remoteMcp.decide(
    {
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: "S256",
      resource: RESOURCE,
      state: "st4te",
      ...over,
    },
    true,
    "admin",
  );
  if (!decided.ok || !("redirectTo" in decided)) throw new Error(`not approved: ${JSON.stringify(decided)}`);
  const url = new URL(decided.redirectTo);
  expect(url.searchParams.get("state")).toBe("st4te");
  expect(url.searchParams.get("iss")).toBe(BASE);
  return url.searchParams.get("code")!;
}

async function tokens(clientId: string) {
  const { verifier, challenge } = pkce();
  const code = await approve(clientId, challenge);
  const res = await post("/oauth/token", {
    grant_type: "authorization_code",
    client_id: clientId,
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT,
    resource: RESOURCE,
  });
  expect(res.status).toBe(200);
  return res.body as unknown as OAuthTokens;
}

/** grant_type=refresh_token for the client, with the token given. */
const refreshing = (clientId: string) => (token: string) =>
  post("/oauth/token", { grant_type: "refresh_token", client_id: clientId, refresh_token: token, resource: RESOURCE });

const mcpPost = (auth?: string) =>
  handle(`${BASE}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(auth ? { authorization: auth } : {}),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });

describe("metadata", () => {
  test("protected resource metadata (RFC 9728) under {base_url} and at the origin's path-inserted form", async () => {
    for (const url of [
      `${BASE}/.well-known/oauth-protected-resource`,
      `${BASE}/.well-known/oauth-protected-resource/mcp`,
      "http://svc.test/.well-known/oauth-protected-resource/svc/mcp",
    ]) {
      const res = await handle(url);
      expect(res.status, url).toBe(200);
      expect(await res.json()).toMatchObject({ resource: RESOURCE, authorization_servers: [BASE] });
    }
  });

  test("authorization server metadata (RFC 8414): S256 only, public clients, registration, revocation", async () => {
    for (const url of [
      `${BASE}/.well-known/oauth-authorization-server`,
      "http://svc.test/.well-known/oauth-authorization-server/svc",
    ]) {
      const res = await handle(url);
      expect(res.status, url).toBe(200);
      expect(await res.json()).toMatchObject({
        issuer: BASE,
        authorization_endpoint: "http://svc.test/oauth/authorize",
        token_endpoint: `${BASE}/oauth/token`,
        registration_endpoint: `${BASE}/oauth/register`,
        revocation_endpoint: `${BASE}/oauth/revoke`,
        code_challenge_methods_supported: ["S256"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        token_endpoint_auth_methods_supported: ["none"],
        client_id_metadata_document_supported: true,
      });
    }
  });
});

describe("registration (RFC 7591)", () => {
  test("a public client: client_id, no secret, the metadata echoed", async () => {
    const res = await post(
      "/oauth/register",
      { client_name: "Claude", redirect_uris: [REDIRECT], token_endpoint_auth_method: "client_secret_basic" },
      true,
    );
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toMatchObject({
      client_name: "Claude",
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
    });
    expect(res.body.client_id).toMatch(/^mcpc_/);
    expect(res.body.client_secret).toBeUndefined();
  });

  test("bad input: the RFC 7591 error JSON", async () => {
    const cases: [unknown, string][] = [
      [{ client_name: "x" }, "invalid_redirect_uri"],
      [{ redirect_uris: ["http://evil.example/cb"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["javascript:alert(1)"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["https://ok.example/cb#frag"] }, "invalid_redirect_uri"],
      [{ redirect_uris: [REDIRECT], grant_types: ["client_credentials"] }, "invalid_client_metadata"],
      ["not an object", "invalid_client_metadata"],
    ];
    for (const [body, error] of cases) {
      const res = await post("/oauth/register", body, true);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(error);
      expect(typeof res.body.error_description).toBe("string");
    }
    const malformed = await handle(`${BASE}/oauth/register`, { method: "POST", body: "{" });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: string }).error).toBe("invalid_client_metadata");
  });
});

describe("authorize request checks (the dashboard page's)", () => {
  test("unknown client and unregistered redirect URI are never redirected to; others go back with the error", async () => {
    const clientId = await register();
    const { challenge } = pkce();
    const base = {
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: "S256",
      resource: RESOURCE,
      state: "s",
    };
    expect(await svc.remoteMcp.checkAuthorization({ ...base, client_id: "mcpc_nope" })).toMatchObject({
      ok: false,
      error: "invalid_client",
    });
    const wrongRedirect = await svc.remoteMcp.checkAuthorization({
      ...base,
      redirect_uri: "http://127.0.0.1:8765/other",
    });
    expect(wrongRedirect).toMatchObject({ ok: false, error: "invalid_request" });
    expect("redirectTo" in wrongRedirect).toBe(false);
    // RFC 8252: a loopback IP redirect URI may use another port.
    expect(
      await svc.remoteMcp.checkAuthorization({ ...base, redirect_uri: "http://127.0.0.1:9999/callback" }),
    ).toMatchObject({
      ok: true,
    });
    for (const [over, error] of [
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ code_challenge: "" }, "invalid_request"],
      [{ resource: "http://svc.test/svc/other" }, "invalid_target"],
      [{ resource: "" }, "invalid_target"],
      [{ response_type: "token" }, "unsupported_response_type"],
    ] as const) {
      const check = await svc.remoteMcp.checkAuthorization({ ...base, ...over });
      expect(check, JSON.stringify(over)).toMatchObject({ ok: false, error });
      const to = new URL((check as { redirectTo: string }).redirectTo);
      expect(to.origin + to.pathname).toBe(REDIRECT);
      expect(to.searchParams.get("error")).toBe(error);
      expect(to.searchParams.get("state")).toBe("s");
    }
    const ok = await svc.remoteMcp.checkAuthorization(base);
    expect(ok).toMatchObject({ ok: true, request: { clientName: "Test client", redirectHost: "127.0.0.1:8765" } });
    const denied = await svc.remoteMcp.decide(base, false, "admin");
    const deniedTo = new URL((denied as { redirectTo: string }).redirectTo);
    expect(deniedTo.searchParams.get("error")).toBe("access_denied");
    expect(deniedTo.searchParams.get("code")).toBeNull();
  });

  test("a client ID metadata document (https client_id) is fetched and validated", async () => {
    const { challenge } = pkce();
    const params = {
      response_type: "code",
      client_id: DOC_ID,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: "S256",
      resource: RESOURCE,
    };
    docBody = { client_id: "https://client.example/other.json", client_name: "Doc", redirect_uris: [REDIRECT] };
    expect(await svc.remoteMcp.checkAuthorization(params)).toMatchObject({ ok: false, error: "invalid_client" });
    docBody = { client_id: DOC_ID, client_name: "Doc client", redirect_uris: [REDIRECT] };
    expect(await svc.remoteMcp.checkAuthorization(params)).toMatchObject({
      ok: true,
      request: { clientName: "Doc client", metadataDocument: true },
    });
    // Never fetched from a private or loopback address.
    expect(
      await svc.remoteMcp.checkAuthorization({ ...params, client_id: "https://public.example/c.json" }),
    ).toMatchObject({
      ok: true,
    });
    for (const id of [
      "https://127.0.0.1/c.json",
      "https://[::1]/c.json",
      "https://10.1.2.3/c.json",
      "https://localhost/c.json",
    ])
      expect(await svc.remoteMcp.checkAuthorization({ ...params, client_id: id }), id).toMatchObject({
        ok: false,
        error: "invalid_client",
      });
  });
});

describe("token endpoint", () => {
  test("errors: reused code (and the first exchange's tokens are revoked), wrong verifier, redirect_uri, resource", async () => {
    const clientId = await register();
    const { verifier, challenge } = pkce();
    const form = (code: string, over: Record<string, string> = {}) => ({
      grant_type: "authorization_code",
      client_id: clientId,
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      resource: RESOURCE,
      ...over,
    });
    const code = await approve(clientId, challenge);
    const first = await post("/oauth/token", form(code));
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.body).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    expect((await mcpPost(`Bearer ${first.body.access_token}`)).status).toBe(200);
    const again = await post("/oauth/token", form(code));
    expect(again).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await mcpPost(`Bearer ${first.body.access_token}`)).status).toBe(401);

    const wrongVerifier = await post(
      "/oauth/token",
      form(await approve(clientId, challenge), { code_verifier: pkce().verifier }),
    );
    expect(wrongVerifier).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const wrongRedirect = await post(
      "/oauth/token",
      form(await approve(clientId, challenge), { redirect_uri: "http://127.0.0.1:8765/other" }),
    );
    expect(wrongRedirect).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const wrongResource = await post(
      "/oauth/token",
      form(await approve(clientId, challenge), { resource: "http://svc.test/svc/v2" }),
    );
    expect(wrongResource).toMatchObject({ status: 400, body: { error: "invalid_target" } });
    const otherClient = await post(
      "/oauth/token",
      form(await approve(clientId, challenge), { client_id: await register() }),
    );
    expect(otherClient).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const unknownGrant = await post("/oauth/token", { grant_type: "password", client_id: clientId });
    expect(unknownGrant).toMatchObject({ status: 400, body: { error: "unsupported_grant_type" } });
    const json = await post("/oauth/token", form("x"), true);
    expect(json).toMatchObject({ status: 400, body: { error: "invalid_request" } });
  });

  test("refresh rotates; a rotated refresh token used again revokes the whole grant", async () => {
    const clientId = await register();
    const t1 = await tokens(clientId);
    const refresh = refreshing(clientId);
    const r2 = await refresh(t1.refresh_token!);
    expect(r2.status).toBe(200);
    const t2 = r2.body as unknown as OAuthTokens;
    expect(t2.refresh_token).not.toBe(t1.refresh_token);
    expect(t2.access_token).not.toBe(t1.access_token);
    expect((await mcpPost(`Bearer ${t2.access_token}`)).status).toBe(200);
    // The access token issued before the refresh ends with it.
    expect((await mcpPost(`Bearer ${t1.access_token}`)).status).toBe(401);
    // Reuse of t1's refresh token once the grace for racing requests is over: invalid_grant, and t2's tokens die
    // with the grant.
    clockOffsetMs = ROTATION_GRACE_MS;
    expect(await refresh(t1.refresh_token!)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await mcpPost(`Bearer ${t2.access_token}`)).status).toBe(401);
    expect(await refresh(t2.refresh_token!)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  test("requests refreshing at once with the same token all get tokens, and the grant lives on", async () => {
    const clientId = await register();
    const t1 = await tokens(clientId);
    const refresh = refreshing(clientId);
    const racing = await Promise.all([refresh(t1.refresh_token!), refresh(t1.refresh_token!)]);
    expect(racing.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = racing.map((r) => r.body as unknown as OAuthTokens);
    expect(a!.refresh_token).not.toBe(b!.refresh_token);
    // Whichever answer the client kept, its refresh token goes on working (one at a time, as rotation wants).
    for (const kept of [a!, b!]) {
      const next = await refresh(kept.refresh_token!);
      expect(next.status).toBe(200);
      expect((await mcpPost(`Bearer ${(next.body as unknown as OAuthTokens).access_token}`)).status).toBe(200);
    }
    // Within the grace, a late copy of the first token still refreshes; after it, it ends the grant.
    clockOffsetMs = ROTATION_GRACE_MS - 2000;
    expect((await refresh(t1.refresh_token!)).status).toBe(200);
    clockOffsetMs = ROTATION_GRACE_MS;
    expect(await refresh(t1.refresh_token!)).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  test("a refresh by a client the server does not know: invalid_client (401), so that the client registers again", async () => {
    const res = await post("/oauth/token", {
      grant_type: "refresh_token",
      client_id: "mcpc_forgotten",
      refresh_token: "mcprt_whatever",
    });
    expect(res).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });
});

describe("CORS (browser-based MCP clients)", () => {
  test("the endpoint, registration, token, revocation and metadata answer any origin; preflight too", async () => {
    for (const url of [
      `${BASE}/mcp`,
      `${BASE}/oauth/register`,
      `${BASE}/oauth/token`,
      `${BASE}/oauth/revoke`,
      `${BASE}/.well-known/oauth-protected-resource`,
      "http://svc.test/.well-known/oauth-protected-resource/svc/mcp",
      "http://svc.test/.well-known/oauth-authorization-server/svc",
    ]) {
      const res = await handle(url, {
        method: "OPTIONS",
        headers: {
          origin: "https://inspector.example",
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, content-type, mcp-protocol-version",
        },
      });
      expect(res.status, url).toBe(204);
      expect(res.headers.get("access-control-allow-origin"), url).toBe("*");
      expect(res.headers.get("access-control-allow-methods"), url).toContain("POST");
      expect(res.headers.get("access-control-allow-headers"), url).toContain("mcp-protocol-version");
      expect(res.headers.get("access-control-allow-credentials"), url).toBeNull();
    }
    // The answers themselves, errors included: the 401's pointer is readable.
    const noToken = await mcpPost();
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get("access-control-allow-origin")).toBe("*");
    expect(noToken.headers.get("access-control-expose-headers")).toContain("www-authenticate");
    const registered = await post("/oauth/register", { client_name: "Web", redirect_uris: [REDIRECT] }, true);
    expect(registered.status).toBe(201);
    expect(registered.headers.get("access-control-allow-origin")).toBe("*");
  });

  test("the API itself stays closed to other origins", async () => {
    const preflight = await handle(`${BASE}/v2/chats`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const res = await handle(`${BASE}/v2/chats`, {
      headers: { origin: "https://evil.example", authorization: `Bearer ${TEST_KEY}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("the endpoint's door", () => {
  test("no token: 401 with the resource metadata pointer; a wrong one: invalid_token; the API key is refused by default", async () => {
    const none = await mcpPost();
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${BASE}/.well-known/oauth-protected-resource"`,
    );
    const wrong = await mcpPost("Bearer mcpat_nope");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
    expect((await mcpPost(`Bearer ${TEST_KEY}`)).status).toBe(401);
    // The API key still opens the HTTP API.
    const api = await handle(`${BASE}/v2/chats`, { headers: { authorization: `Bearer ${TEST_KEY}` } });
    expect(api.status).toBe(200);
  });

  test("revocation (RFC 7009) takes effect at once; the dashboard's revoke ends every grant of a client", async () => {
    const clientId = await register();
    const t = await tokens(clientId);
    expect((await mcpPost(`Bearer ${t.access_token}`)).status).toBe(200);
    const revoked = await post("/oauth/revoke", { token: t.refresh_token!, client_id: clientId });
    expect(revoked.status).toBe(200);
    expect((await mcpPost(`Bearer ${t.access_token}`)).status).toBe(401);
    // Unknown tokens are fine too (RFC 7009 2.2).
    expect((await post("/oauth/revoke", { token: "nope" })).status).toBe(200);

    const t2 = await tokens(clientId);
    expect((await svc.remoteMcp.connectedClients()).find((c) => c.clientId === clientId)).toMatchObject({
      clientName: "Test client",
      redirectHosts: ["127.0.0.1:8765"],
      grants: 1,
    });
    expect(await svc.remoteMcp.revokeClient(clientId)).toBe(true);
    expect((await mcpPost(`Bearer ${t2.access_token}`)).status).toBe(401);
    expect((await svc.remoteMcp.connectedClients()).find((c) => c.clientId === clientId)).toBeUndefined();
  });

  test("EMBEDDED_MCP_ALLOW_API_KEY: the key opens the endpoint again", async () => {
    const keyed = await startService({ mcpAllowApiKey: true });
    try {
      const res = await keyed.handle(
        new Request(`${BASE}/mcp`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            authorization: `Bearer ${TEST_KEY}`,
          },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
        }),
      );
      expect(res.status).toBe(200);
    } finally {
      await keyed.close();
    }
  });
});

/** The SDK's OAuthClientProvider, in memory; the "browser" approves through the dashboard's own call. */
class MemoryProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  code: string | null = null;
  readonly redirectUrl = REDIRECT;
  readonly clientMetadata: OAuthClientMetadata = { client_name: "SDK client", redirect_uris: [REDIRECT] };
  clientInformation = () => this.info;
  saveClientInformation = (info: OAuthClientInformationMixed) => void (this.info = info);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  saveCodeVerifier = (v: string) => void (this.verifier = v);
  codeVerifier = () => this.verifier;
  async redirectToAuthorization(url: URL) {
    const decided = await svc.remoteMcp.decide(Object.fromEntries(url.searchParams), true, "admin");
    this.code = new URL((decided as { redirectTo: string }).redirectTo).searchParams.get("code");
  }
}

test("the MCP SDK's own client: 401 → discovery → registration → approval → token → tools", async () => {
  const provider = new MemoryProvider();
  const transport = () =>
    new StreamableHTTPClientTransport(new URL(RESOURCE), { authProvider: provider, fetch: handle });
  const first = transport();
  const client = new Client({ name: "oauth-test", version: "1.0.0" });
  await expect(client.connect(first)).rejects.toThrow(/Unauthorized/);
  expect(provider.code).toMatch(/^mcpcode_/);
  await first.finishAuth(provider.code!);
  const connected = new Client({ name: "oauth-test", version: "1.0.0" });
  await connected.connect(transport());
  const { tools } = await connected.listTools();
  expect(tools.map((t) => t.name)).toContain("create_chat");
  const listed = await connected.callTool({ name: "list_chats", arguments: { limit: 1 } });
  expect(listed.isError).toBeFalsy();
  await connected.close();
});
