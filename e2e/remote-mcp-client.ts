import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { E2E_BASE_URL, E2E_PASSWORD, E2E_USERNAME, expect } from "./fixtures";

/** What the remote MCP specs share: the endpoint, an MCP SDK OAuth client provider, a loopback redirect URI. */
export const MCP_URL = `${E2E_BASE_URL}/svc/mcp`;

/** The SDK's OAuthClientProvider, in memory; opening the authorization URL is left to the test (the Playwright page). */
export class BrowserProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  authorizationUrl: URL | null = null;
  constructor(readonly redirectUrl: string) {}
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: "E2E MCP client", redirect_uris: [this.redirectUrl] };
  }
  clientInformation = () => this.info;
  saveClientInformation = (info: OAuthClientInformationMixed) => void (this.info = info);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  saveCodeVerifier = (v: string) => void (this.verifier = v);
  codeVerifier = () => this.verifier;
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
}

/** The client's loopback redirect URI: takes one code (or error) per authorization. */
export async function loopback(): Promise<{ server: Server; url: string; next: () => Promise<URLSearchParams> }> {
  let waiting: ((q: URLSearchParams) => void) | null = null;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html" }).end("<p>Connected: you can close this window.</p>");
    waiting?.(url.searchParams);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}/callback`,
    next: () => new Promise((resolve) => (waiting = resolve)),
  };
}

/**
 * A connected MCP SDK client through the OAuth flow, the person approving in `page` (signed in already or not).
 * `close` closes the client and the loopback server.
 */
export async function connectWithOAuth(
  page: Page,
  name: string,
): Promise<{ client: Client; close: () => Promise<void> }> {
  const redirect = await loopback();
  const provider = new BrowserProvider(redirect.url);
  const transport = () => new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider });
  const first = transport();
  await expect(new Client({ name, version: "1.0.0" }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  await page.goto(provider.authorizationUrl!.href);
  if (new URL(page.url()).pathname === "/sign-in") {
    await page.getByLabel("Username").fill(E2E_USERNAME);
    await page.getByLabel("Password").fill(E2E_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  const answered = redirect.next();
  await page.getByTestId("oauth-consent").getByRole("button", { name: "Approve" }).click();
  await first.finishAuth((await answered).get("code")!);
  const client = new Client({ name, version: "1.0.0" });
  await client.connect(transport());
  return {
    client,
    close: async () => {
      await client.close();
      redirect.server.close();
    },
  };
}
