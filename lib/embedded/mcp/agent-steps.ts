import "server-only";
import type { KnownPart } from "@/lib/api";
import type { Step } from "../scripted-agent/script";
import type { ChatRow } from "../store";
import type { McpConnections } from "./connections";
import type { McpServerRow } from "./schema";
import * as mcpStore from "./store";
import {
  bearer,
  callTool,
  listTools,
  McpAccessError,
  McpUnauthorized,
  type McpAuthHeaders,
  type McpTool,
} from "./tools";

/**
 * The `/mcp` directive: loads the tools of the chat's attached MCP servers that the user has connected (interface.md 4.3:
 * tools of servers not authorized are not loaded), then calls one for real. Two parts: an agent-action
 * `list_mcp_tools` (what was loaded, and what was not and why) and a tool-call with the actual input and output.
 * The tool is the one the prompt names, else the first whose required arguments the agent can fill.
 */

interface LoadedServer {
  row: McpServerRow;
  tools: McpTool[];
}

interface NotLoadedServer {
  id: string;
  name?: string;
  reason: string;
}

/**
 * Runs `fn` with the server's credentials as headers: none, the stored bearer token or custom headers (decrypted
 * here, only for the request), or the OAuth access token; after a 401 an OAuth token is refreshed once and retried.
 */
export async function withToken<T>(
  mcp: McpConnections,
  row: McpServerRow,
  fn: (headers: McpAuthHeaders) => Promise<T>,
): Promise<T> {
  if (row.authType === "none") return fn({});
  if (row.authType === "bearer" || row.authType === "custom-headers") {
    const headers = mcp.staticHeaders(row);
    if (!headers) throw new McpAccessError("unreadable", "the stored credentials cannot be read: set them again");
    try {
      return await fn(headers);
    } catch (error) {
      if (error instanceof McpUnauthorized)
        throw new McpAccessError(
          "refused",
          `the server refused the ${row.authType === "bearer" ? "bearer token" : "custom headers"} (401)`,
        );
      throw error;
    }
  }
  const token = await mcp.accessToken(row.id);
  if (!token) throw new McpAccessError("not_connected", "not connected: authorize the server first");
  try {
    return await fn(bearer(token));
  } catch (error) {
    if (!(error instanceof McpUnauthorized)) throw error;
    const fresh = await mcp.accessToken(row.id, { force: true });
    if (!fresh)
      throw new McpAccessError("refused", "the server refused the token and it could not be refreshed: connect again");
    try {
      return await fn(bearer(fresh));
    } catch (retry) {
      if (retry instanceof McpUnauthorized)
        throw new McpAccessError("refused", "the server refused the refreshed token too (401): connect again");
      throw retry;
    }
  }
}

/** Arguments for the tool's required inputs (deterministic); null when a required input cannot be filled. */
export function argumentsFor(tool: McpTool, promptText: string): Record<string, unknown> | null {
  const properties = tool.inputSchema.properties ?? {};
  const args: Record<string, unknown> = {};
  let n = 0;
  for (const key of tool.inputSchema.required ?? []) {
    const schema = (properties[key] ?? {}) as { type?: string | string[]; enum?: unknown[]; default?: unknown };
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    if (schema.default !== undefined) args[key] = schema.default;
    else if (schema.enum?.length) args[key] = schema.enum[0];
    else if (type === "number" || type === "integer") args[key] = [2, 3, 5, 7, 11][n++ % 5];
    else if (type === "string") args[key] = promptText || "Hello from Atelier";
    else if (type === "boolean") args[key] = true;
    else if (type === "array") args[key] = [];
    else if (type === "object") args[key] = {};
    else return null;
  }
  return args;
}

function chooseTool(loaded: LoadedServer[], promptText: string) {
  const words = new Set(
    promptText
      .toLowerCase()
      .split(/[^a-z0-9_.-]+/)
      .filter(Boolean),
  );
  const candidates = loaded.flatMap((s) => s.tools.map((tool) => ({ server: s.row, tool })));
  const named = candidates.find((c) => words.has(c.tool.name.toLowerCase()) && argumentsFor(c.tool, promptText));
  const chosen = named ?? candidates.find((c) => argumentsFor(c.tool, promptText));
  return chosen ? { ...chosen, args: argumentsFor(chosen.tool, promptText)! } : null;
}

/**
 * The tools of the chat's attached MCP servers that are enabled and connected (interface.md 4.3), and the servers that
 * were not loaded, with the reason.
 */
export async function loadMcpServers(
  mcp: McpConnections,
  chat: ChatRow,
): Promise<{ loaded: LoadedServer[]; notLoaded: NotLoadedServer[] }> {
  const ids = [...new Set(chat.settings.mcpServerIds ?? [])];
  const rows = await mcpStore.findServers(mcp.db, ids);
  const loaded: LoadedServer[] = [];
  const notLoaded: NotLoadedServer[] = ids
    .filter((id) => !rows.some((r) => r.id === id))
    .map((id) => ({ id, reason: "no such MCP server" }));
  for (const row of rows) {
    if (!row.enabled) notLoaded.push({ id: row.id, name: row.name, reason: "disabled" });
    else if (!mcp.isConnected(row))
      notLoaded.push({ id: row.id, name: row.name, reason: "not authorized by the user" });
    else {
      try {
        loaded.push({
          row,
          tools: await withToken(mcp, row, (headers) => listTools(row.url, headers, mcp.clientOptions(row))),
        });
      } catch (error) {
        notLoaded.push({ id: row.id, name: row.name, reason: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return { loaded, notLoaded };
}

/** The agent-action part that says which MCP servers' tools were loaded, and which not and why. */
export function mcpListingPart(loaded: LoadedServer[], notLoaded: NotLoadedServer[]): KnownPart {
  return {
    type: "agent-action",
    name: "list_mcp_tools",
    summary: `Loaded the tools of ${loaded.length} MCP server${loaded.length === 1 ? "" : "s"}${notLoaded.length ? `; ${notLoaded.length} not loaded` : ""}`,
    data: {
      servers: loaded.map((s) => ({
        id: s.row.id,
        name: s.row.name,
        tools: s.tools.map((t) => ({ name: t.name, title: t.title ?? null, description: t.description ?? null })),
      })),
      notLoaded,
    },
  };
}

async function planMcpSteps(mcp: McpConnections, chat: ChatRow, promptText: string): Promise<Step[]> {
  const { loaded, notLoaded } = await loadMcpServers(mcp, chat);
  const listing = mcpListingPart(loaded, notLoaded);
  const steps: Step[] = [{ kind: "part", part: listing }];
  const chosen = chooseTool(loaded, promptText);
  if (!chosen) return steps;
  const { server, tool, args } = chosen;
  steps.push({
    kind: "part",
    part: {
      type: "tool-call",
      name: tool.name,
      toolDisplayName: `${tool.title ?? tool.name} (${server.name})`,
      input: args,
    },
    run: async () => {
      try {
        const result = await withToken(mcp, server, (headers) =>
          callTool(server.url, headers, tool.name, args, mcp.clientOptions(server)),
        );
        return { output: result, status: result.isError ? "error" : "ok" };
      } catch (error) {
        return { output: { error: error instanceof Error ? error.message : String(error) }, status: "error" };
      }
    },
  });
  return steps;
}

/**
 * Where the MCP steps go: after the last file-read or bash part (before the closing text, a request or a failure).
 * A message that blocks on the user gets none: the MCP work happens in the message that finishes the task.
 */
export function withMcpSteps(steps: Step[], mcpSteps: Step[]): Step[] {
  if (!mcpSteps.length || steps.some((s) => s.kind === "block")) return steps;
  let at = -1;
  steps.forEach((s, i) => {
    if (s.kind === "part" && (s.part.type === "bash" || s.part.type === "file-read")) at = i;
  });
  const index = at >= 0 ? at + 1 : Math.max(0, steps.length - 1);
  return [...steps.slice(0, index), ...mcpSteps, ...steps.slice(index)];
}

/** The `/mcp` work added to a planned message (none for a message that blocks on the user). */
export async function addMcpSteps(
  mcp: McpConnections,
  chat: ChatRow,
  promptText: string,
  steps: Step[],
): Promise<Step[]> {
  if (steps.some((s) => s.kind === "block")) return steps;
  return withMcpSteps(steps, await planMcpSteps(mcp, chat, promptText));
}
