import { beforeAll, describe, expect, it } from "vitest";
import {
  AuthorizeResponse,
  McpServerDeleted,
  McpServerRecord as McpServer,
  McpServerRecordList,
  REDACTED,
  v1,
} from "@/lib/api";
import { BASE, call, expectSchema, request, startService, serviceForFile } from "../test-support";

/** MCP server registration (v1 and v2), secret redaction, the authorize URL, state expiry and hostile inputs. */

const SECRET = "client-secret-do-not-leak-8472";
const config = {
  authorizationUrl: "https://auth.example.com/oauth/authorize?tenant=t1",
  tokenUrl: "https://auth.example.com/oauth/token",
  clientId: "client-123",
  clientSecret: SECRET,
  scopes: ["mcp:tools", "offline_access"],
  usePKCE: true,
  resource: "https://mcp.example.com/mcp",
};
const v2Body = {
  name: "Example MCP",
  url: "https://mcp.example.com/mcp",
  enabled: true,
  auth: "oauth",
  scope: "user",
  oauthConfig: config,
};
const v1Body = { name: "Example MCP v1", url: "https://mcp.example.com/mcp", auth: { type: "oauth", config } };
const RETURN = "http://app.test/mcp-servers/oauth/return";

const svc = serviceForFile();

/** Every response text checked for the secret. */
const seen: string[] = [];
async function callSeen(method: string, path: string, body?: unknown) {
  const res = await svc.handle(request(method, path, { body }));
  const text = await res.text();
  seen.push(text);
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: res.headers };
}

describe("MCP servers: registration", () => {
  it("v2: create → disconnected, secret redacted; list, get, update, delete", async () => {
    const created = await callSeen("POST", "/v2/mcp-servers", v2Body);
    expect(created.status).toBe(201);
    const server = expectSchema(McpServer, created.body);
    expect(server).toMatchObject({
      name: "Example MCP",
      enabled: true,
      scope: "user",
      auth: { type: "oauth", connected: false },
    });
    expect(server.auth).toEqual({ type: "oauth", connected: false, config: { ...config, clientSecret: REDACTED } });

    const list = expectSchema(McpServerRecordList, (await callSeen("GET", "/v2/mcp-servers")).body);
    expect(list.map((s) => s.id)).toContain(server.id);
    const got = expectSchema(McpServer, (await callSeen("GET", `/v2/mcp-servers/${server.id}`)).body);
    expect(got).toEqual(server);

    const patched = await callSeen("PATCH", `/v2/mcp-servers/${server.id}`, {
      auth: "oauth",
      oauthConfig: { ...config, clientSecret: `${SECRET}-2`, scopes: ["mcp:read"] },
    });
    expect(patched.status).toBe(200);
    const updated = expectSchema(McpServer, patched.body);
    const configOf = (s: McpServer) => (s.auth.type === "oauth" ? s.auth.config : undefined);
    expect(configOf(updated)?.scopes).toEqual(["mcp:read"]);
    expect(configOf(updated)?.clientSecret).toBe(REDACTED);

    // PATCH replaces the configuration: without a clientSecret the stored one is gone.
    const replaced = expectSchema(
      McpServer,
      (await callSeen("PATCH", `/v2/mcp-servers/${server.id}`, { oauthConfig: { ...config, clientSecret: undefined } }))
        .body,
    );
    expect(configOf(replaced)?.clientSecret).toBeUndefined();
    const renamed = expectSchema(
      McpServer,
      (await callSeen("PATCH", `/v2/mcp-servers/${server.id}`, { name: "Renamed", enabled: false })).body,
    );
    expect(renamed).toMatchObject({ name: "Renamed", enabled: false });
    expect(configOf(renamed)).toEqual(configOf(replaced));

    const deleted = await callSeen("DELETE", `/v2/mcp-servers/${server.id}`);
    expect(expectSchema(McpServerDeleted, deleted.body)).toEqual({ success: true });
    expect((await callSeen("GET", `/v2/mcp-servers/${server.id}`)).status).toBe(404);
    expect((await callSeen("DELETE", `/v2/mcp-servers/${server.id}`)).status).toBe(404);
  });

  it("v1: create with auth {type, config}; list, get, update, delete in the v1 shapes", async () => {
    const created = await callSeen("POST", "/v1/mcp-servers", v1Body);
    expect(created.status).toBe(201);
    const server = expectSchema(v1.McpServerV1, created.body);
    expect(server).toMatchObject({ object: "mcp_server", auth: { type: "oauth" } });
    const list = expectSchema(v1.McpServerListV1, (await callSeen("GET", "/v1/mcp-servers")).body);
    expect(list.data.some((s) => s.id === server.id)).toBe(true);
    expectSchema(v1.McpServerV1, (await callSeen("GET", `/v1/mcp-servers/${server.id}`)).body);
    const patched = await callSeen("PATCH", `/v1/mcp-servers/${server.id}`, {
      auth: { type: "oauth", config: { ...config, clientId: "other" } },
    });
    expectSchema(v1.McpServerV1, patched.body);
    const v2View = expectSchema(McpServer, (await callSeen("GET", `/v2/mcp-servers/${server.id}`)).body);
    expect(v2View.auth.type === "oauth" && v2View.auth.config?.clientId).toBe("other");
    const deleted = await callSeen("DELETE", `/v1/mcp-servers/${server.id}`);
    expect(expectSchema(v1.McpServerDeletedV1, deleted.body)).toEqual({
      id: server.id,
      object: "mcp_server",
      deleted: true,
    });
    // v1 errors keep the v1 shape
    const missing = await callSeen("GET", `/v1/mcp-servers/${server.id}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: "mcp_server_not_found" } });
  });

  it("v1: the document's other auth shapes (none, bearer, custom-headers) with description and enabled", async () => {
    const bearer = await callSeen("POST", "/v1/mcp-servers", {
      name: "Bearer tools",
      url: "https://mcp.example.com/bearer",
      description: "Reads issues",
      enabled: false,
      auth: { type: "bearer", token: SECRET },
    });
    expect(bearer.status).toBe(201);
    expect(expectSchema(v1.McpServerV1, bearer.body)).toMatchObject({
      auth: { type: "bearer" },
      description: "Reads issues",
      enabled: false,
    });
    const headers = await callSeen("POST", "/v1/mcp-servers", {
      name: "Header tools",
      url: "https://mcp.example.com/headers",
      auth: { type: "custom-headers", headers: { "X-Api-Key": SECRET } },
    });
    const headersServer = expectSchema(v1.McpServerV1, headers.body);
    expect(headersServer).toMatchObject({ auth: { type: "custom-headers" }, enabled: true });
    // The v2 view of the same record names the header, never its value.
    const v2View = expectSchema(McpServer, (await callSeen("GET", `/v2/mcp-servers/${headersServer.id}`)).body);
    expect(v2View.auth).toEqual({ type: "custom-headers", headers: { "X-Api-Key": REDACTED } });
    const none = await callSeen("POST", "/v1/mcp-servers", { name: "Open", url: "https://mcp.example.com/open" });
    expect(expectSchema(v1.McpServerV1, none.body).auth).toEqual({ type: "none" });
    // Switching a server to a bearer token by PATCH, as the v1 document allows.
    const switched = await callSeen("PATCH", `/v1/mcp-servers/${headersServer.id}`, {
      auth: { type: "bearer", token: SECRET },
    });
    expect(expectSchema(v1.McpServerV1, switched.body).auth).toEqual({ type: "bearer" });
    // A header the transport sets itself is refused, in the v1 error shape, and nothing is stored.
    const before = expectSchema(McpServerRecordList, (await call(svc, "GET", "/v2/mcp-servers")).body).length;
    const refused = await call(svc, "POST", "/v1/mcp-servers", {
      body: {
        name: "Bad",
        url: "https://mcp.example.com/bad",
        auth: { type: "custom-headers", headers: { Host: "x" } },
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: { message: expect.stringContaining("auth.headers: host") } });
    expect(expectSchema(McpServerRecordList, (await call(svc, "GET", "/v2/mcp-servers")).body).length).toBe(before);
  });

  it("never returns a secret: no response so far contained the client secret or a clientSecret field", () => {
    expect(seen.length).toBeGreaterThan(10);
    for (const text of seen) {
      expect(text).not.toContain(SECRET);
      // The record shows a stored client secret only as the redaction marker.
      expect(text.replace(new RegExp(`"clientSecret":"${REDACTED}"`, "g"), "")).not.toMatch(
        /clientSecret|access_token|refresh_token|accessToken|refreshToken/,
      );
    }
  });

  it("rejects bad bodies with 422 and changes nothing", async () => {
    const before = expectSchema(McpServerRecordList, (await call(svc, "GET", "/v2/mcp-servers")).body).length;
    const bad = [
      ["POST", "/v2/mcp-servers", { ...v2Body, oauthConfig: undefined }],
      ["POST", "/v2/mcp-servers", { ...v2Body, url: "javascript:alert(1)" }],
      ["POST", "/v2/mcp-servers", { ...v2Body, oauthConfig: { ...config, authorizationUrl: "javascript:alert(1)" } }],
      ["POST", "/v2/mcp-servers", { ...v2Body, oauthConfig: { ...config, tokenUrl: "/token" } }],
      ["POST", "/v2/mcp-servers", { ...v2Body, oauthConfig: { ...config, resource: "https://mcp.example.com/#frag" } }],
      ["POST", "/v2/mcp-servers", { ...v2Body, oauthConfig: { ...config, scopes: ["a b"] } }],
      [
        "POST",
        "/v1/mcp-servers",
        { ...v1Body, auth: { type: "oauth", config: { ...config, authorizationUrl: "data:text/html,x" } } },
      ],
      ["POST", "/v1/mcp-servers", { ...v1Body, url: "not a url" }],
    ] as const;
    for (const [method, path, body] of bad) {
      const res = await call(svc, method, path, { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(expectSchema(McpServerRecordList, (await call(svc, "GET", "/v2/mcp-servers")).body).length).toBe(before);
  });

  it("needs the bearer key, except for the callback and the client metadata document", async () => {
    expect((await call(svc, "GET", "/v2/mcp-servers", { auth: null })).status).toBe(401);
    expect((await call(svc, "POST", "/v2/mcp-servers", { auth: null, body: v2Body })).status).toBe(401);
    const callback = await svc.handle(
      request("GET", "/v2/mcp-servers/oauth/callback?code=x&state=unknown", { auth: null }),
    );
    expect(callback.status).toBe(400);
    const doc = await call(svc, "GET", "/oauth/client-metadata.json", { auth: null });
    expect(doc.status).toBe(200);
    expect(doc.body).toMatchObject({
      client_id: `${BASE}/oauth/client-metadata.json`,
      redirect_uris: [`${BASE}/v2/mcp-servers/oauth/callback`, `${BASE}/v1/mcp-servers/oauth/callback`],
      grant_types: ["authorization_code", "refresh_token"],
      token_endpoint_auth_method: "none",
    });
  });
});

describe("MCP servers: authorize", () => {
  let serverId: string;
  beforeAll(async () => {
    serverId = expectSchema(McpServer, (await call(svc, "POST", "/v2/mcp-servers", { body: v2Body })).body).id;
  });

  it("answers the provider URL with every parameter, PKCE S256, and a 5-minute expiry", async () => {
    const before = Date.now();
    const res = await call(svc, "POST", `/v2/mcp-servers/${serverId}/oauth/authorize`, { body: { returnUrl: RETURN } });
    expect(res.status).toBe(200);
    const auth = expectSchema(AuthorizeResponse, res.body);
    const url = new URL(auth.url);
    expect(`${url.origin}${url.pathname}`).toBe("https://auth.example.com/oauth/authorize");
    const q = url.searchParams;
    expect(q.get("tenant")).toBe("t1"); // the configured URL's own query is kept
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe("client-123");
    expect(q.get("redirect_uri")).toBe(`${BASE}/v2/mcp-servers/oauth/callback`);
    expect(q.get("state")).toBe(auth.state);
    expect(auth.state.length).toBeGreaterThanOrEqual(32);
    expect(q.get("scope")).toBe("mcp:tools offline_access");
    expect(q.get("resource")).toBe("https://mcp.example.com/mcp");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get("client_secret")).toBeNull();
    const expires = Date.parse(auth.expiresAt) - before;
    expect(expires).toBeGreaterThan(299_000);
    expect(expires).toBeLessThan(301_000);

    // Each authorization has its own state and verifier (so its own challenge).
    const again = expectSchema(
      AuthorizeResponse,
      (await call(svc, "POST", `/v2/mcp-servers/${serverId}/oauth/authorize`, { body: { returnUrl: RETURN } })).body,
    );
    expect(again.state).not.toBe(auth.state);
    expect(new URL(again.url).searchParams.get("code_challenge")).not.toBe(q.get("code_challenge"));
  });

  it("v1 uses the v1 callback; without PKCE no challenge; without clientId the metadata document is the client id", async () => {
    const { clientId: _drop, ...noClient } = config;
    const created = expectSchema(
      v1.McpServerV1,
      (
        await call(svc, "POST", "/v1/mcp-servers", {
          body: { ...v1Body, auth: { type: "oauth", config: { ...noClient, usePKCE: false } } },
        })
      ).body,
    );
    const auth = expectSchema(
      AuthorizeResponse,
      (await call(svc, "POST", `/v1/mcp-servers/${created.id}/oauth/authorize`, { body: { returnUrl: RETURN } })).body,
    );
    const q = new URL(auth.url).searchParams;
    expect(q.get("redirect_uri")).toBe(`${BASE}/v1/mcp-servers/oauth/callback`);
    expect(q.get("client_id")).toBe(`${BASE}/oauth/client-metadata.json`);
    expect(q.get("code_challenge")).toBeNull();
    expect(q.get("code_challenge_method")).toBeNull();
  });

  it("rejects a return URL that is not an absolute http(s) URL (422), v1 and v2", async () => {
    for (const returnUrl of [
      "/mcp-servers/oauth/return",
      "javascript:alert(1)",
      "ftp://app.test/x",
      "mcp-servers",
      "",
      "data:text/html,<script>x</script>",
    ]) {
      for (const version of ["v1", "v2"]) {
        const res = await call(svc, "POST", `/${version}/mcp-servers/${serverId}/oauth/authorize`, {
          body: { returnUrl },
        });
        expect(res.status, `${version} ${returnUrl}`).toBe(422);
      }
    }
    expect((await call(svc, "POST", `/v2/mcp-servers/${serverId}/oauth/authorize`, { body: {} })).status).toBe(422);
    expect(
      (await call(svc, "POST", `/v2/mcp-servers/mcp_nope/oauth/authorize`, { body: { returnUrl: RETURN } })).status,
    ).toBe(404);
  });

  it("a server without OAuth has nothing to authorize (409)", async () => {
    const plain = expectSchema(
      McpServer,
      (
        await call(svc, "POST", "/v2/mcp-servers", {
          body: { name: "Open", url: "https://open.example.com/mcp", auth: "none" },
        })
      ).body,
    );
    expect(plain.auth).toEqual({ type: "none" });
    expect(
      (await call(svc, "POST", `/v2/mcp-servers/${plain.id}/oauth/authorize`, { body: { returnUrl: RETURN } })).status,
    ).toBe(409);
  });
});

describe("MCP servers: callback without a valid state", () => {
  it("unknown, missing or reused state: a plain 400 page, no redirect", async () => {
    for (const query of ["?code=abc&state=forged", "?code=abc", "?error=access_denied&error_description=nope", ""]) {
      const res = await svc.handle(request("GET", `/v2/mcp-servers/oauth/callback${query}`, { auth: null }));
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    }
  });

  it("an expired state redirects to its return URL with error=invalid_request and stores nothing", async () => {
    const quick = await startService({ oauthStateTtlMs: 30 });
    try {
      const server = expectSchema(McpServer, (await call(quick, "POST", "/v2/mcp-servers", { body: v2Body })).body);
      const auth = expectSchema(
        AuthorizeResponse,
        (await call(quick, "POST", `/v2/mcp-servers/${server.id}/oauth/authorize`, { body: { returnUrl: RETURN } }))
          .body,
      );
      await new Promise((r) => setTimeout(r, 60));
      const res = await quick.handle(
        request("GET", `/v2/mcp-servers/oauth/callback?code=abc&state=${auth.state}`, { auth: null }),
      );
      expect(res.status).toBe(303);
      const location = new URL(res.headers.get("location")!);
      expect(`${location.origin}${location.pathname}`).toBe(RETURN);
      expect(location.searchParams.get("error")).toBe("invalid_request");
      expect(location.searchParams.get("error_description")).toMatch(/expired/);
      expect(location.searchParams.get("mcpServerId")).toBe(server.id);
      expect(location.searchParams.get("oauth_success")).toBeNull();
      const after = expectSchema(McpServer, (await call(quick, "GET", `/v2/mcp-servers/${server.id}`)).body);
      expect(after.auth).toMatchObject({ connected: false });
      // used once: the same state again is unknown
      const replay = await quick.handle(
        request("GET", `/v2/mcp-servers/oauth/callback?code=abc&state=${auth.state}`, { auth: null }),
      );
      expect(replay.status).toBe(400);
    } finally {
      await quick.close();
    }
  });

  it("a provider error is passed on (hostile description bounded, as URL parameters only)", async () => {
    const server = expectSchema(McpServer, (await call(svc, "POST", "/v2/mcp-servers", { body: v2Body })).body);
    const auth = expectSchema(
      AuthorizeResponse,
      (
        await call(svc, "POST", `/v2/mcp-servers/${server.id}/oauth/authorize`, {
          body: { returnUrl: `${RETURN}?keep=1` },
        })
      ).body,
    );
    const hostile = `<script>alert(1)</script>${"x".repeat(5000)}`;
    const query = new URLSearchParams({ error: "access_denied", error_description: hostile, state: auth.state });
    const res = await svc.handle(request("GET", `/v2/mcp-servers/oauth/callback?${query}`, { auth: null }));
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin).toBe("http://app.test");
    expect(location.searchParams.get("keep")).toBe("1");
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("error_description")).toBe(hostile.slice(0, 500));
    expect(location.searchParams.get("mcpServerId")).toBe(server.id);
    const after = expectSchema(McpServer, (await call(svc, "GET", `/v2/mcp-servers/${server.id}`)).body);
    expect(after.auth).toMatchObject({ connected: false });
    // Spec interface.md Part 3: a failed callback leaves the state unchanged.
    expect("error" in after.auth).toBe(false);
  });

  it("an authorization response from another issuer is refused before any token request", async () => {
    const server = expectSchema(McpServer, (await call(svc, "POST", "/v2/mcp-servers", { body: v2Body })).body);
    const auth = expectSchema(
      AuthorizeResponse,
      (await call(svc, "POST", `/v2/mcp-servers/${server.id}/oauth/authorize`, { body: { returnUrl: RETURN } })).body,
    );
    const query = new URLSearchParams({ code: "abc", state: auth.state, iss: "https://evil.example" });
    const res = await svc.handle(request("GET", `/v2/mcp-servers/oauth/callback?${query}`, { auth: null }));
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("invalid_request");
    expect(location.searchParams.get("error_description")).toMatch(/unexpected issuer/);
    expect(expectSchema(McpServer, (await call(svc, "GET", `/v2/mcp-servers/${server.id}`)).body).auth).toMatchObject({
      connected: false,
    });
  });

  it("a state is bound to its API version", async () => {
    const server = expectSchema(McpServer, (await call(svc, "POST", "/v2/mcp-servers", { body: v2Body })).body);
    const auth = expectSchema(
      AuthorizeResponse,
      (await call(svc, "POST", `/v2/mcp-servers/${server.id}/oauth/authorize`, { body: { returnUrl: RETURN } })).body,
    );
    const res = await svc.handle(
      request("GET", `/v1/mcp-servers/oauth/callback?code=abc&state=${auth.state}`, { auth: null }),
    );
    expect(res.status).toBe(400);
    expect(expectSchema(McpServer, (await call(svc, "GET", `/v2/mcp-servers/${server.id}`)).body).auth).toMatchObject({
      connected: false,
    });
  });
});

describe("MCP servers: attaching to chats", () => {
  const chatCount = async () =>
    ((await callSeen("GET", "/v2/chats?limit=100")).body as { chats: unknown[] }).chats.length;

  it("unknown mcpServerIds are a 422 naming the field, and nothing is stored (v2 and v1, create, send, initialize)", async () => {
    const server = expectSchema(
      McpServer,
      (await callSeen("POST", "/v2/mcp-servers", { ...v2Body, name: "Attachable" })).body,
    );
    const chats = await chatCount();

    const create = await callSeen("POST", "/v2/chats", {
      message: "Build a kiosk",
      mcpServerIds: [server.id, "mcp_missing"],
    });
    expect(create.status).toBe(422);
    expect((create.body as { message: string }).message).toMatch(
      /^mcpServerIds\.1: no MCP server "mcp_missing" is registered/,
    );
    const createV1 = await callSeen("POST", "/v1/chats", { message: "Build a kiosk", mcpServerIds: ["mcp_missing"] });
    expect(createV1.status).toBe(422);
    expect(createV1.body).toMatchObject({ error: { message: expect.stringMatching(/^mcpServerIds\.0: /) } });
    const init = await callSeen("POST", "/v1/chats", {
      type: "files",
      files: [{ name: "a.txt", content: "a" }],
      mcpServerIds: ["nope"],
    });
    expect(init.status).toBe(422);
    expect(await chatCount()).toBe(chats);

    // A known one works; a follow-up naming an unknown one changes nothing.
    const ok = await callSeen("POST", "/v2/chats", { message: "Build a kiosk", mcpServerIds: [server.id] });
    expect(ok.status).toBe(200);
    const chatId = (ok.body as { chat: { id: string } }).chat.id;
    const before = ((await callSeen("GET", `/v2/chats/${chatId}/messages`)).body as { messages: unknown[] }).messages
      .length;
    const send = await callSeen("POST", `/v2/chats/${chatId}/messages`, {
      message: "More",
      mcpServerIds: ["mcp_gone"],
    });
    expect(send.status).toBe(422);
    expect((send.body as { message: string }).message).toMatch(/^mcpServerIds\.0: /);
    const sendV1 = await callSeen("POST", `/v1/chats/${chatId}/messages`, {
      message: "More",
      mcpServerIds: ["mcp_gone"],
    });
    expect(sendV1.status).toBe(422);
    expect(
      ((await callSeen("GET", `/v2/chats/${chatId}/messages`)).body as { messages: unknown[] }).messages,
    ).toHaveLength(before);
  });
});
