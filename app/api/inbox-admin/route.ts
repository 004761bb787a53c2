import { inboxAdminDeps } from "@/app/_wiring/inbox";
import { createInboxRoute, listInboxesRoute } from "@/lib/server/inbox";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  return listInboxesRoute(request, await inboxAdminDeps());
}

export async function POST(request: Request): Promise<Response> {
  return createInboxRoute(request, await inboxAdminDeps());
}
