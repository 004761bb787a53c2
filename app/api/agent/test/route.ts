import { requestPerson } from "@/app/_wiring/caller";
import { agentTestRoute } from "@/lib/server/agent-connection";
import { getConfig } from "@/lib/server/config";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Settings → "Test connection": lists the agent's model API's models (server-side, with its key). */
export async function POST(request: Request): Promise<Response> {
  const config = getConfig();
  return agentTestRoute(request, { config, hasSession: async () => (await requestPerson(request.headers)) !== null });
}
