import "server-only";
import { dynamicTool, jsonSchema, type ToolSet } from "ai";
import type { KnownPart } from "@/lib/api";
import type { McpConnections } from "../mcp/connections";
import { loadMcpServers, mcpListingPart, withToken } from "../mcp/agent-steps";
import { callTool } from "../mcp/tools";
import type { ChatRow } from "../store";
import type { ToolParts } from "./file-tools";

/** What an MCP tool call shows while it runs: a `tool-call` part with its input (the output comes with the result). */
export type RunningParts = Map<string, (input: unknown) => KnownPart>;

interface McpTools {
  tools: ToolSet;
  /** By the tool's name as the model knows it: the running tool-call part for an input. */
  running: RunningParts;
  /** The `list_mcp_tools` agent-action part; null when the chat has no MCP servers attached. */
  listing: KnownPart | null;
}

/**
 * The tools of the chat's attached, connected MCP servers as tools the model can call for real (interface.md 4.3).
 * A tool keeps its own name unless another server or a project tool has it; then it becomes `<server>_<name>`.
 */
export async function mcpTools(
  mcp: McpConnections | undefined,
  chat: ChatRow,
  taken: ReadonlySet<string>,
  parts: ToolParts,
): Promise<McpTools> {
  const none: McpTools = { tools: {}, running: new Map(), listing: null };
  if (!mcp || !chat.settings.mcpServerIds?.length) return none;
  const { loaded, notLoaded } = await loadMcpServers(mcp, chat);
  const tools: ToolSet = {};
  const running: RunningParts = new Map();
  const count = new Map<string, number>();
  for (const s of loaded) for (const t of s.tools) count.set(t.name, (count.get(t.name) ?? 0) + 1);
  for (const { row, tools: list } of loaded) {
    for (const t of list) {
      let name = functionName(t.name);
      if ((count.get(t.name) ?? 0) > 1 || taken.has(name) || tools[name]) name = functionName(`${row.name}_${t.name}`);
      if (tools[name]) continue;
      const display = `${t.title ?? t.name} (${row.name})`;
      running.set(name, (input) => ({ type: "tool-call", name: t.name, toolDisplayName: display, input }));
      tools[name] = dynamicTool({
        description: `${t.description ?? t.title ?? t.name} (MCP server ${row.name})`,
        inputSchema: jsonSchema({ type: "object", properties: {}, ...t.inputSchema } as Parameters<
          typeof jsonSchema
        >[0]),
        execute: async (input, { toolCallId }) => {
          const args = (input ?? {}) as Record<string, unknown>;
          const base = { type: "tool-call" as const, name: t.name, toolDisplayName: display, input: args };
          try {
            const result = await withToken(mcp, row, (headers) =>
              callTool(row.url, headers, t.name, args, mcp.clientOptions(row)),
            );
            parts.set(toolCallId, { ...base, output: result, status: result.isError ? "error" : "ok" });
            return `${result.isError ? "The tool reported an error: " : ""}${resultText(result)}`;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            parts.set(toolCallId, { ...base, output: { error: message }, status: "error" });
            return `The call failed: ${message}`;
          }
        },
      });
    }
  }
  return { tools, running, listing: mcpListingPart(loaded, notLoaded) };
}

/** OpenAI function names: letters, digits, _ and -, at most 64. */
function functionName(raw: string): string {
  return raw.replace(/[^a-zA-Z0-9_-]+/g, "_").slice(0, 64) || "tool";
}

/** The text contents of an MCP tool result, else its JSON. */
function resultText(raw: object): string {
  const result = raw as { content?: unknown; structuredContent?: unknown; toolResult?: unknown };
  const content = Array.isArray(result.content) ? (result.content as Array<{ type?: string; text?: string }>) : [];
  const texts = content.filter((c) => c.type === "text" && typeof c.text === "string").map((c) => c.text!);
  if (texts.length) return texts.join("\n");
  return JSON.stringify(result.structuredContent ?? result.toolResult ?? result.content ?? null).slice(0, 20_000);
}
