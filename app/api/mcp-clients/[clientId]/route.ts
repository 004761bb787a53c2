import { revokeMcpClientRoute } from "@/app/_wiring/remote-mcp";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ clientId: string }> };

/** Revokes a connected MCP client of the embedded service's remote MCP endpoint (Settings → Connected MCP clients). */
export async function DELETE(request: Request, context: Context): Promise<Response> {
  return revokeMcpClientRoute(request, (await context.params).clientId);
}
