import "server-only";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { OutboundFetch } from "../outbound/fetch";
import type { LogStep } from "./connection-log";

/** Talking to an external MCP server over Streamable HTTP (@modelcontextprotocol/sdk), the bearer token attached. */

export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { type?: string; properties?: Record<string, unknown>; required?: string[] };
}

/** The server refused the token (HTTP 401): refresh and try once more. */
export class McpUnauthorized extends Error {}

/**
 * The server cannot be used with what is stored: not connected (OAuth without usable tokens), credentials refused
 * (401 after any refresh), or stored secrets unreadable (the service's key changed).
 */
export class McpAccessError extends Error {
  constructor(
    readonly reason: "not_connected" | "refused" | "unreadable",
    message: string,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 15_000;

/**
 * The headers the service sends to an MCP server: `Authorization: Bearer <token>` (OAuth access token or a
 * bearer-token server) or a custom-headers server's headers; none for an open server.
 */
export type McpAuthHeaders = Record<string, string>;

export const bearer = (token: string): McpAuthHeaders => ({ authorization: `Bearer ${token}` });

/** How a connection is made: the guarded fetch (outbound/fetch.ts), and where its steps are logged. */
export interface McpClientOptions {
  fetch: OutboundFetch;
  trace?: (step: LogStep) => Promise<void>;
}

/** The `resource_metadata` URL of a 401's `WWW-Authenticate: Bearer …` challenge (RFC 9728), if it names one. */
const resourceMetadataOf = (challenge: string | null) => /resource_metadata="([^"]+)"/i.exec(challenge ?? "")?.[1];

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * Connects, runs `fn`, closes. A 401 from the server becomes McpUnauthorized. The MCP SDK loads on the first call: a
 * server whose chats use no MCP server never holds it (memory). With `trace`, the initialize step (and a 401's
 * pointer to the server's protected resource metadata) is logged, with its duration.
 */
export async function withMcpClient<T>(
  url: string,
  headers: McpAuthHeaders,
  fn: (client: Client) => Promise<T>,
  opts: McpClientOptions,
): Promise<T> {
  const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
  ]);
  const send = opts.fetch;
  let unauthorized: string | null = null;
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { ...headers }, redirect: "error" },
    fetch: async (input, init) => {
      const res = await send(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(TIMEOUT_MS) });
      if (res.status === 401) unauthorized = res.headers.get("www-authenticate") ?? "";
      return res;
    },
  });
  const client = new Client({ name: "atelier-embedded-agent", version: "1.0.0" });
  const started = Date.now();
  try {
    try {
      await client.connect(transport);
    } catch (error) {
      if (opts.trace) await opts.trace(initializeFailed(url, unauthorized, error, Date.now() - started));
      throw error;
    }
    const info = client.getServerVersion();
    await opts.trace?.({
      step: "initialize",
      ok: true,
      detail: `Connected to ${url}: ${info ? `${info.name} ${info.version}` : "an MCP server"}.`,
      durationMs: Date.now() - started,
    });
    return await fn(client);
  } catch (error) {
    if (unauthorized !== null) throw new McpUnauthorized(`${url} refused the credentials (401)`);
    throw error;
  } finally {
    await client.close().catch(() => {});
  }
}

function initializeFailed(url: string, challenge: string | null, error: unknown, durationMs: number): LogStep {
  if (challenge === null) {
    return { step: "initialize", ok: false, detail: `Could not connect to ${url}: ${errorText(error)}`, durationMs };
  }
  const metadata = resourceMetadataOf(challenge);
  return {
    step: "initialize",
    ok: false,
    detail: `The MCP server answered 401: it refused the credentials${
      metadata ? ` (its protected resource metadata is at ${metadata})` : ""
    }.`,
    durationMs,
  };
}

export async function listTools(url: string, headers: McpAuthHeaders, opts: McpClientOptions): Promise<McpTool[]> {
  return withMcpClient(
    url,
    headers,
    async (client) => {
      const { tools } = await client.listTools(undefined, { timeout: TIMEOUT_MS });
      return tools.map((t) => ({
        name: t.name,
        ...(t.title ? { title: t.title } : {}),
        ...(t.description ? { description: t.description } : {}),
        inputSchema: t.inputSchema as McpTool["inputSchema"],
      }));
    },
    opts,
  );
}

export async function callTool(
  url: string,
  headers: McpAuthHeaders,
  name: string,
  args: Record<string, unknown>,
  opts: McpClientOptions,
) {
  return withMcpClient(
    url,
    headers,
    (client) => client.callTool({ name, arguments: args }, undefined, { timeout: TIMEOUT_MS }),
    opts,
  );
}

export { TIMEOUT_MS as MCP_TIMEOUT_MS };
