import { inboxStore, receiveDelivery } from "@/lib/server/inbox";

/** The webhook receiver: called by the service, no session; the Standard Webhooks signature is the credential. */
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

type Context = { params: Promise<{ inboxId: string }> };

export async function POST(request: Request, context: Context): Promise<Response> {
  const { inboxId } = await context.params;
  return receiveDelivery(await inboxStore(), inboxId, request);
}
