import "server-only";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";

/** Talking to an external MCP server over Streamable HTTP (@modelcontextprotocol/sdk), the bearer token attached. */

export interface McpTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { type?: string; properties?: Record<string, unknown>; required?: string[] };
}

/** The server refused the token (HTTP 401): refresh and try once more. */
export class McpUnauthorized extends Error {}

const TIMEOUT_MS = 15_000;

/**
 * The headers the service sends to an MCP server: `Authorization: Bearer <token>` (OAuth access token or a
 * bearer-token server) or a custom-headers server's headers; none for an open server.
 */
export type McpAuthHeaders = Record<string, string>;

export const bearer = (token: string): McpAuthHeaders => ({ authorization: `Bearer ${token}` });

/**
 * Connects, runs `fn`, closes. A 401 from the server becomes McpUnauthorized. The MCP SDK loads on the first call: a
 * server whose chats use no MCP server never holds it (memory).
 */
async function withMcpClient<T>(url: string, headers: McpAuthHeaders, fn: (client: Client) => Promise<T>): Promise<T> {
  const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
  ]);
  let unauthorized = false;
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { ...headers }, redirect: "error" },
    fetch: async (input, init) => {
      const res = await fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(TIMEOUT_MS) });
      if (res.status === 401) unauthorized = true;
      return res;
    },
  });
  const client = new Client({ name: "atelier-embedded-agent", version: "1.0.0" });
  try {
    await client.connect(transport);
    return await fn(client);
  } catch (error) {
    if (unauthorized) throw new McpUnauthorized(`${url} refused the credentials (401)`);
    throw error;
  } finally {
    await client.close().catch(() => {});
  }
}

export async function listTools(url: string, headers: McpAuthHeaders): Promise<McpTool[]> {
  return withMcpClient(url, headers, async (client) => {
    const { tools } = await client.listTools(undefined, { timeout: TIMEOUT_MS });
    return tools.map((t) => ({
      name: t.name,
      ...(t.title ? { title: t.title } : {}),
      ...(t.description ? { description: t.description } : {}),
      inputSchema: t.inputSchema as McpTool["inputSchema"],
    }));
  });
}

export async function callTool(url: string, headers: McpAuthHeaders, name: string, args: Record<string, unknown>) {
  return withMcpClient(url, headers, (client) =>
    client.callTool({ name, arguments: args }, undefined, { timeout: TIMEOUT_MS }),
  );
}
