// Support for the MCP component tests (not a test file): the real embedded service in-process and a real OAuth
// provider. It lives in test/ because it crosses the rooms, as only tests may.
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { followAuthorization } from "@/e2e/peers/follow-authorization";
import { mcpOAuthConfig, startOAuthProvider, type OAuthProviderPeer } from "@/e2e/peers/oauth-provider";
import { McpServerList, type McpServer } from "@/lib/api/lenient/mcp";
import type { EmbeddedService } from "@/lib/embedded/service";
import { BASE, call, serviceForFile } from "@/lib/embedded/test-support";

/** Where the service's OAuth callbacks send the browser back to: the dashboard's landing page. */
export const LANDING = `${window.location.origin}/mcp-servers/oauth/return`;

/**
 * For the calling test file: the real embedded service (in-process) and a real OAuth provider, started before its
 * first test and closed after its last. `clock.offsetMs` moves the service's clock for MCP tokens and authorization
 * URLs (a token's lifetime passed, an authorization URL expired); it is back at 0 after each test.
 */
export function serviceAndProviderForFile() {
  const clock = { offsetMs: 0 };
  const svc = serviceForFile({ mcpNow: () => new Date(Date.now() + clock.offsetMs) });
  let provider: OAuthProviderPeer | undefined;
  beforeAll(async () => {
    provider = await startProvider();
  });
  afterEach(() => {
    clock.offsetMs = 0;
  });
  afterAll(() => provider?.close());
  return {
    svc,
    clock,
    get provider(): OAuthProviderPeer {
      if (!provider) throw new Error("The test file's provider is used before its beforeAll started it.");
      return provider;
    },
  };
}

/**
 * A real OAuth provider (oidc-provider on a loopback port, auto-consent) that knows the service's callbacks and its
 * client metadata document as a public client. `port` reuses one (a provider started again forgets its grants).
 */
export function startProvider(port?: number): Promise<OAuthProviderPeer> {
  return startOAuthProvider({
    port,
    redirectUris: [`${BASE}/v2/mcp-servers/oauth/callback`],
    extraClients: [{ client_id: `${BASE}/oauth/client-metadata.json` }],
    // Ten minutes, as the list's token expiry shows it.
    accessTokenTtlSeconds: 600,
  });
}

/** Registers an OAuth MCP server at `provider` through the service's API (confidential client unless told); its id. */
export async function registerAt(
  svc: EmbeddedService,
  provider: OAuthProviderPeer,
  name: string,
  oauthConfig: Record<string, unknown> = {},
): Promise<string> {
  const url = `https://mcp.${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.test/mcp`;
  const res = await call(svc, "POST", "/v2/mcp-servers", {
    body: {
      name,
      url,
      auth: "oauth",
      oauthConfig: { ...mcpOAuthConfig(provider, url), ...oauthConfig },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: string }).id;
}

/**
 * The round trip a browser makes from an authorization URL: the provider (auto-consent), then the service's
 * callback; returns where the callback sends the browser (the landing page with the result).
 */
export async function completeAuthorization(svc: EmbeddedService, authorizationUrl: string): Promise<URL> {
  const callback = await followAuthorization(authorizationUrl, `${BASE}/v2/mcp-servers/oauth/callback`);
  const res = await svc.handle(new Request(callback)); // no bearer key: the browser's request
  expect(res.status).toBe(303);
  return new URL(res.headers.get("location")!);
}

/** Authorizes the server through the service's API and completes the round trip; where the browser lands. */
export async function connect(svc: EmbeddedService, id: string): Promise<URL> {
  const res = await call(svc, "POST", `/v2/mcp-servers/${id}/oauth/authorize`, { body: { returnUrl: LANDING } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return completeAuthorization(svc, (res.body as { url: string }).url);
}

/** One MCP server as the dashboard reads it. */
export async function serverOf(svc: EmbeddedService, id: string): Promise<McpServer | undefined> {
  return McpServerList.parse((await call(svc, "GET", "/v2/mcp-servers")).body).items.find((s) => s.id === id);
}
