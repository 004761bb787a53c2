import { embeddedService } from "@/app/_wiring/embedded";
import { getConfig } from "@/lib/server/config";

/** The embedded service at {origin}/svc: every method goes to its handler (it routes, authenticates, streams). */
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

async function handle(request: Request): Promise<Response> {
  if (!getConfig().serveEmbedded) {
    return Response.json(
      { message: "The embedded service is off: SERVICE_BASE_URL points at another service." },
      { status: 404 },
    );
  }
  return (await embeddedService()).handle(request);
}

export {
  handle as GET,
  handle as POST,
  handle as PUT,
  handle as PATCH,
  handle as DELETE,
  handle as HEAD,
  handle as OPTIONS,
};
