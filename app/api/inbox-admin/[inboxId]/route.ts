import { inboxAdminDeps } from "@/app/_wiring/inbox";
import { deleteInboxRoute, getInboxRoute } from "@/lib/server/inbox";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ inboxId: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  return getInboxRoute(request, (await context.params).inboxId, await inboxAdminDeps());
}

export async function DELETE(request: Request, context: Context): Promise<Response> {
  return deleteInboxRoute(request, (await context.params).inboxId, await inboxAdminDeps());
}
