import "server-only";
import { notFound } from "../errors";
import { json } from "../http/respond";
import { readLog } from "./connection-log";
import * as explorer from "./explorer";
import type { McpServerRow } from "./schema";
import * as mcpStore from "./store";
import type { Handler, HandlerTablePart, ServiceParts } from "../http/context";

/**
 * The MCP explorer (our extension, v2 only): a registered server's tools, resources and prompts through the service
 * with its stored auth (lib/embedded/mcp/explorer.ts), and its connection log. Nothing here changes the server's
 * registration; a refreshed OAuth token is stored as any use of the server stores it.
 */

async function serverOf(ctx: ServiceParts & { params: { mcpServerId: string } }): Promise<McpServerRow> {
  const row = await mcpStore.findServer(ctx.db, ctx.params.mcpServerId);
  if (!row) throw notFound(`MCP server ${ctx.params.mcpServerId}`, "mcp_server_not_found");
  return row;
}

/** Runs an explorer operation; its failure becomes the service's error (explorerError). */
async function answer(run: () => Promise<unknown>): Promise<Response> {
  try {
    return json(await run());
  } catch (error) {
    throw explorer.explorerError(error);
  }
}

const tools: Handler<"v2.mcp.tools"> = async (ctx) => {
  const row = await serverOf(ctx);
  return answer(async () => ({ tools: await explorer.listTools(ctx.mcp, row) }));
};

const callTool: Handler<"v2.mcp.tools.call"> = async (ctx) => {
  const row = await serverOf(ctx);
  return answer(() => explorer.callTool(ctx.mcp, row, ctx.body.name, ctx.body.arguments));
};

const resources: Handler<"v2.mcp.resources"> = async (ctx) => {
  const row = await serverOf(ctx);
  return answer(async () => ({ resources: await explorer.listResources(ctx.mcp, row) }));
};

const readResource: Handler<"v2.mcp.resources.read"> = async (ctx) => {
  const row = await serverOf(ctx);
  return answer(async () => ({ contents: await explorer.readResource(ctx.mcp, row, ctx.body.uri) }));
};

const prompts: Handler<"v2.mcp.prompts"> = async (ctx) => {
  const row = await serverOf(ctx);
  return answer(async () => ({ prompts: await explorer.listPrompts(ctx.mcp, row) }));
};

const getPrompt: Handler<"v2.mcp.prompts.get"> = async (ctx) => {
  const row = await serverOf(ctx);
  return answer(() => explorer.getPrompt(ctx.mcp, row, ctx.body.name, ctx.body.arguments));
};

const log: Handler<"v2.mcp.log"> = async (ctx) => {
  const row = await serverOf(ctx);
  const rows = await readLog(ctx.db, row.id);
  return json({
    entries: rows.map((r) => ({
      at: r.at.toISOString(),
      step: r.step,
      ok: r.ok,
      detail: r.detail,
      ...(r.durationMs === null ? {} : { durationMs: r.durationMs }),
    })),
  });
};

/** The routes of lib/api/routes.ts this file answers. */
export const mcpExplorerHandlers = {
  "v2.mcp.tools": tools,
  "v2.mcp.tools.call": callTool,
  "v2.mcp.resources": resources,
  "v2.mcp.resources.read": readResource,
  "v2.mcp.prompts": prompts,
  "v2.mcp.prompts.get": getPrompt,
  "v2.mcp.log": log,
} satisfies HandlerTablePart;
