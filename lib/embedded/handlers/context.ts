import "server-only";
import type { EventBus } from "../events";
import type { McpConnections } from "../mcp/connections";
import type { PreviewLinks } from "../preview/links";
import type { Db } from "../store";
import type { Turns } from "../turns";
import type { Webhooks } from "../webhooks";

/** Everything a handler gets: the service's parts and the parsed request. */
export interface HandlerContext {
  db: Db;
  turns: Turns;
  previews: PreviewLinks;
  /** The service's own {base_url} without a trailing slash (v1 apiUrl and webUrl fields). */
  publicBaseUrl: string;
  /** Emits the webhook events of interface.md 6.1 (chat.*, message.*). */
  events: EventBus;
  webhooks: Webhooks;
  /** MCP server connections: OAuth flow, encrypted secrets, tokens. */
  mcp: McpConnections;
  req: Request;
  url: URL;
  params: Record<string, string>;
  /** The body validated with the route's schema (undefined for routes without one). */
  body: unknown;
}

export type Handler = (ctx: HandlerContext) => Promise<Response>;
