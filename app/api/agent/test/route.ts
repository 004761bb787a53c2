import { requestPerson } from "@/app/_wiring/caller";
import { agentTestRoute } from "@/lib/server/agent-connection";
import { getConfig } from "@/lib/server/config";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Settings → "Test connection" (admins): lists the agent's model API's models (server-side, with its key). */
export async function POST(request: Request): Promise<Response> {
  const config = getConfig();
  return agentTestRoute(request, { config, role: async () => (await requestPerson(request.headers))?.role ?? null });
}
