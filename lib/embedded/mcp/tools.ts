import "server-only";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

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

/** Connects, runs `fn`, closes. A 401 from the server becomes McpUnauthorized. */
export async function withMcpClient<T>(url: string, token: string | null, fn: (client: Client) => Promise<T>): Promise<T> {
  let unauthorized = false;
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: token ? { authorization: `Bearer ${token}` } : {}, redirect: "error" },
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
    if (unauthorized) throw new McpUnauthorized(`${url} refused the access token (401)`);
    throw error;
  } finally {
    await client.close().catch(() => {});
  }
}

export async function listTools(url: string, token: string | null): Promise<McpTool[]> {
  return withMcpClient(url, token, async (client) => {
    const { tools } = await client.listTools(undefined, { timeout: TIMEOUT_MS });
    return tools.map((t) => ({
      name: t.name,
      ...(t.title ? { title: t.title } : {}),
      ...(t.description ? { description: t.description } : {}),
      inputSchema: t.inputSchema as McpTool["inputSchema"],
    }));
  });
}

export async function callTool(url: string, token: string | null, name: string, args: Record<string, unknown>) {
  return withMcpClient(url, token, (client) => client.callTool({ name, arguments: args }, undefined, { timeout: TIMEOUT_MS }));
}
