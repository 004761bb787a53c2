import { proxyCaller } from "@/app/_wiring/caller";
import { getConfig } from "@/lib/server/config";
import { proxyRequest, type Upstream } from "@/lib/server/proxy";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ path: string[] }> };

async function handle(request: Request, context: Context): Promise<Response> {
  const config = getConfig();
  const { path } = await context.params;
  // With an upstream service the embedded one's code is never loaded.
  const upstream: Upstream = config.embedded
    ? async (r) => (await (await import("@/app/_wiring/embedded")).embeddedService()).handle(r)
    : (r) => fetch(r);
  return proxyRequest(request, path, {
    upstream,
    baseUrl: config.serviceBaseUrl ?? `${config.appUrl}/svc`,
    appUrl: config.appUrl,
    caller: () => proxyCaller(request.headers),
  });
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
