import "server-only";
import { roleAtLeast, roleRefusal } from "@/lib/api/schemas/team";
import { SIGNED_OUT_MESSAGE } from "@/lib/api/signed-out";
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
 * DELETE /api/mcp-clients/{clientId}: revokes every token of a connected MCP client. An admin's live session required
 * (401, 403); same origin only (403); 404 when the client has nothing to revoke or the embedded service is not served here.
 */
export async function revokeMcpClientRoute(request: Request, clientId: string): Promise<Response> {
  const person = await signedInPerson();
  if (!person) return Response.json({ message: SIGNED_OUT_MESSAGE }, { status: 401 });
  // The connected clients are the whole service's: revoking one is an admin's.
  if (!roleAtLeast(person.role, "admin"))
    return Response.json({ message: roleRefusal("admin", person.role) }, { status: 403 });
  if (!isSameOrigin(request.headers, getConfig().appUrl))
    return Response.json({ message: "Cross-origin request refused: use the dashboard itself." }, { status: 403 });
  const remote = await remoteMcpAuthorization();
  if (!remote || !(await remote.revokeClient(clientId)))
    return Response.json({ message: "No connected MCP client with this id." }, { status: 404 });
  return new Response(null, { status: 204 });
}
