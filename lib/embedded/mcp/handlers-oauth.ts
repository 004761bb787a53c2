import "server-only";
import type { AuthorizeResponse } from "@/lib/api";
import { HttpError, notFound } from "../errors";
import { json } from "../http/respond";
import * as mcpStore from "./store";
import type { Handler, HandlerTablePart } from "../http/context";

/** The MCP OAuth flow (interface.md 4.1, 4.2, 5.6, 6.3): authorize (bearer key) and the browser's callback (no key: the state is the credential). */

const authorize: Handler<"v2.mcp.authorize" | "v1.mcp.authorize"> = async ({ db, mcp, params, body, route }) => {
  const version = route === "v1.mcp.authorize" ? "v1" : "v2";
  const row = await mcpStore.findServer(db, params.mcpServerId);
  if (!row) throw notFound(`MCP server ${params.mcpServerId}`, "mcp_server_not_found");
  if (row.authType !== "oauth" || !row.oauthConfig) {
    throw new HttpError(
      409,
      "This MCP server does not use OAuth; there is nothing to authorize.",
      "mcp_server_not_oauth",
    );
  }
  const { returnUrl } = body;
  const result: AuthorizeResponse = await mcp.authorize(row, version, returnUrl);
  return json(result);
};

const callback: Handler<"v2.mcp.callback" | "v1.mcp.callback"> = async ({ mcp, url, route }) => {
  const outcome = await mcp.callback(route === "v1.mcp.callback" ? "v1" : "v2", url.searchParams);
  if (outcome.kind === "redirect") {
    return new Response(null, {
      status: 303,
      headers: { location: outcome.location, "cache-control": "no-store", "referrer-policy": "no-referrer" },
    });
  }
  return new Response(`${outcome.text}\n`, {
    status: outcome.status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    },
  });
};

/** The routes of lib/api/routes.ts this file answers. */
export const mcpOAuthHandlers = {
  "v2.mcp.authorize": authorize,
  "v2.mcp.callback": callback,
  "v1.mcp.authorize": authorize,
  "v1.mcp.callback": callback,
} satisfies HandlerTablePart;
