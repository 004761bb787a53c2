import { inboxAdminDeps } from "@/app/_wiring/inbox";
import { deliveryEventsRoute } from "@/lib/server/inbox";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ inboxId: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  return deliveryEventsRoute(request, (await context.params).inboxId, await inboxAdminDeps());
}
