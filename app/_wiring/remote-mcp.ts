import "server-only";
import type { RemoteMcpAuthorization } from "@/lib/embedded";
import { getConfig } from "@/lib/server/config";
import { isSameOrigin } from "@/lib/server/same-origin";
import { signedInPerson } from "./auth";
import { embeddedService } from "./embedded";

/** The embedded service's remote MCP authorization (authorize page, connected clients); null when it is not served here. */
export async function remoteMcpAuthorization(): Promise<RemoteMcpAuthorization | null> {
  if (!getConfig().serveEmbedded) return null;
  return (await embeddedService()).remoteMcp;
}

/**
 * DELETE /api/mcp-clients/{clientId}: revokes every token of a connected MCP client. Session required (401);
 * same origin only (403); 404 when the client has nothing to revoke or the embedded service is not served here.
 */
export async function revokeMcpClientRoute(request: Request, clientId: string): Promise<Response> {
  if (!(await signedInPerson())) return Response.json({ message: "Sign in to the dashboard first." }, { status: 401 });
  if (!isSameOrigin(request.headers, getConfig().appUrl))
    return Response.json({ message: "Cross-origin request refused: use the dashboard itself." }, { status: 403 });
  const remote = await remoteMcpAuthorization();
  if (!remote || !(await remote.revokeClient(clientId)))
    return Response.json({ message: "No connected MCP client with this id." }, { status: 404 });
  return new Response(null, { status: 204 });
}
