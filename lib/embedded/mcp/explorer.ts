import "server-only";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { HttpError } from "../errors";
import { withToken } from "./agent-steps";
import type { McpConnections } from "./connections";
import type { McpServerRow } from "./schema";
import { MCP_TIMEOUT_MS, McpAccessError, withMcpClient } from "./tools";

/**
 * The MCP explorer's operations (GET/POST /v2/mcp-servers/{id}/tools, …/resources, …/prompts): one connection per
 * request with the server's stored auth (the same client, token refresh and private-address guard as the agent's
 * tool calls), each operation logged with its duration in the server's connection log. What the MCP server says
 * comes back as it said it; failures become the service's errors (`explorerError`), never a 5xx of our own.
 */

const options = { timeout: MCP_TIMEOUT_MS };
const JSON_RPC_INVALID_PARAMS = -32602;
const JSON_RPC_TIMEOUT = -32001;

/**
 * Runs one operation on the server: connects with its credentials (refreshing an OAuth token after a 401), runs
 * `run`, logs `step` with the outcome (`describe` of the result, or the error) and its duration.
 */
async function explore<T>(
  mcp: McpConnections,
  row: McpServerRow,
  step: string,
  run: (client: Client) => Promise<T>,
  describe: (result: T) => string,
): Promise<T> {
  return withToken(mcp, row, (headers) =>
    withMcpClient(
      row.url,
      headers,
      async (client) => {
        const started = Date.now();
        try {
          const result = await run(client);
          await mcp.log(row, { step, ok: true, detail: describe(result), durationMs: Date.now() - started });
          return result;
        } catch (error) {
          await mcp.log(row, { step, ok: false, detail: errorMessage(error), durationMs: Date.now() - started });
          throw error;
        }
      },
      mcp.clientOptions(row),
    ),
  );
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** An error of the MCP protocol (the SDK's McpError: a JSON-RPC error the server answered, or the client's timeout). */
const protocolCode = (error: unknown): number | null =>
  error instanceof Error && error.name === "McpError" && typeof (error as { code?: unknown }).code === "number"
    ? (error as unknown as { code: number }).code
    : null;

/** Whether the failure (or one of its causes) is the private-address guard refusing the host. */
function refusedByGuard(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === "EPRIVATEADDRESS") return e.message;
  }
  return null;
}

/** The service's answer to a failed explorer operation. */
export function explorerError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof McpAccessError) {
    if (error.reason === "refused")
      return new HttpError(
        502,
        `The MCP server refused the stored credentials: ${error.message}.`,
        "mcp_credentials_refused",
      );
    return new HttpError(409, `The MCP server cannot be used yet: ${error.message}.`, "mcp_not_connected");
  }
  const code = protocolCode(error);
  if (code === JSON_RPC_INVALID_PARAMS)
    return new HttpError(422, `The MCP server refused the request: ${errorMessage(error)}`, "validation_failed");
  if (code === JSON_RPC_TIMEOUT)
    return new HttpError(
      504,
      `The MCP server did not answer within ${MCP_TIMEOUT_MS / 1000} s.`,
      "mcp_server_unreachable",
    );
  if (code !== null)
    return new HttpError(502, `The MCP server answered with an error: ${errorMessage(error)}`, "mcp_server_error");
  const guard = refusedByGuard(error);
  if (guard) return new HttpError(502, `The MCP server's address is refused: ${guard}`, "mcp_server_unreachable");
  return new HttpError(502, `Could not reach the MCP server: ${errorMessage(error)}`, "mcp_server_unreachable");
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

export const listTools = (mcp: McpConnections, row: McpServerRow) =>
  explore(
    mcp,
    row,
    "tools/list",
    async (client) => (client.getServerCapabilities()?.tools ? (await client.listTools(undefined, options)).tools : []),
    (tools) => `Listed ${count(tools.length, "tool")}.`,
  );

export const callTool = (mcp: McpConnections, row: McpServerRow, name: string, args: Record<string, unknown>) =>
  explore(
    mcp,
    row,
    `tools/call ${name}`,
    async (client) => {
      // The SDK checks a structured result against the tool's output schema once it has listed the tools.
      if (client.getServerCapabilities()?.tools) await client.listTools(undefined, options);
      const result = await client.callTool({ name, arguments: args }, undefined, options);
      return { ...result, isError: result.isError === true };
    },
    (result) => (result.isError ? `${name} answered with an error result.` : `${name} answered.`),
  );

/** Resources need the server's `resources` capability: without it the list is empty. */
export const listResources = (mcp: McpConnections, row: McpServerRow) =>
  explore(
    mcp,
    row,
    "resources/list",
    async (client) =>
      client.getServerCapabilities()?.resources ? (await client.listResources(undefined, options)).resources : [],
    (resources) => `Listed ${count(resources.length, "resource")}.`,
  );

export const readResource = (mcp: McpConnections, row: McpServerRow, uri: string) =>
  explore(
    mcp,
    row,
    "resources/read",
    async (client) => {
      if (!client.getServerCapabilities()?.resources)
        throw new HttpError(422, "The MCP server offers no resources.", "validation_failed");
      return (await client.readResource({ uri }, options)).contents;
    },
    (contents) => `Read ${uri}: ${count(contents.length, "content")}.`,
  );

export const listPrompts = (mcp: McpConnections, row: McpServerRow) =>
  explore(
    mcp,
    row,
    "prompts/list",
    async (client) =>
      client.getServerCapabilities()?.prompts ? (await client.listPrompts(undefined, options)).prompts : [],
    (prompts) => `Listed ${count(prompts.length, "prompt")}.`,
  );

export const getPrompt = (mcp: McpConnections, row: McpServerRow, name: string, args: Record<string, string>) =>
  explore(
    mcp,
    row,
    `prompts/get ${name}`,
    async (client) => {
      if (!client.getServerCapabilities()?.prompts)
        throw new HttpError(422, "The MCP server offers no prompts.", "validation_failed");
      return client.getPrompt({ name, arguments: args }, options);
    },
    (result) => `${name} gave ${count(result.messages.length, "message")}.`,
  );
