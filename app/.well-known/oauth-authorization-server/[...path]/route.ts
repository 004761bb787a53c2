import { embeddedService } from "@/app/_wiring/embedded";
import { getConfig } from "@/lib/server/config";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * The origin-level, path-inserted metadata URL (RFC 8414) of the embedded service's remote MCP endpoint,
 * `/.well-known/oauth-authorization-server{basePath}` (e.g. `/.well-known/oauth-authorization-server/svc`): where MCP clients look first.
 * The service answers it; other paths here are 404.
 */
export async function GET(request: Request): Promise<Response> {
  const config = getConfig();
  const basePath = new URL(`${config.appUrl}/svc`).pathname;
  if (!config.serveEmbedded || new URL(request.url).pathname !== `/.well-known/oauth-authorization-server${basePath}`)
    return Response.json({ message: "Not found." }, { status: 404 });
  return (await embeddedService()).handle(request);
}

/** A browser-based MCP client asks first (CORS preflight): the service answers it. */
export { GET as OPTIONS };
