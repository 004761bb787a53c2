import "server-only";
import type { PreviewLinks } from "../preview/links";
import type { Db } from "../store";
import type { Turns } from "../turns";

/** Everything a handler gets: the service's parts and the parsed request. */
export interface HandlerContext {
  db: Db;
  turns: Turns;
  previews: PreviewLinks;
  req: Request;
  url: URL;
  params: Record<string, string>;
  /** The body validated with the route's schema (undefined for routes without one). */
  body: unknown;
}

export type Handler = (ctx: HandlerContext) => Promise<Response>;
