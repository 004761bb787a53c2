import { sharedChat, shareWait } from "@/app/_wiring/share";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ token: string }> };

/**
 * The share page's live updates (issue 40): the same read as the page, scoped to the token, polled by the page while
 * it is open. No session, no cookie; 404 once the link opens nothing; 429 over the per-address limit.
 */
export async function GET(request: Request, context: Context): Promise<Response> {
  const wait = shareWait(request.headers);
  if (wait > 0)
    return Response.json(
      { message: "Too many requests for shared chats; try again shortly." },
      { status: 429, headers: { "retry-after": String(Math.ceil(wait / 1000)), "cache-control": "no-store" } },
    );
  const shared = await sharedChat((await context.params).token);
  if (!shared) return Response.json({ message: "Share link not found" }, { status: 404, headers: NO_STORE });
  return Response.json(shared, { headers: NO_STORE });
}

const NO_STORE = { "cache-control": "no-store" };
