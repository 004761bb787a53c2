import { inboxAdminDeps } from "@/app/_wiring/inbox";
import { listDeliveriesRoute } from "@/lib/server/inbox";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ inboxId: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  return listDeliveriesRoute(request, (await context.params).inboxId, await inboxAdminDeps());
}
