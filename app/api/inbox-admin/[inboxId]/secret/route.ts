import { inboxAdminDeps } from "@/app/_wiring/inbox";
import { attachSecretRoute } from "@/lib/server/inbox";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ inboxId: string }> };

export async function POST(request: Request, context: Context): Promise<Response> {
  return attachSecretRoute(request, (await context.params).inboxId, await inboxAdminDeps());
}
