import type { NextRequest } from "next/server";
import { handlers } from "@/app/_wiring/auth";
import { signInKey } from "@/lib/server/auth/credentials";
import { lockedMessage, signInThrottle } from "@/lib/server/sign-in";

/**
 * The request as Auth.js should see it: at the origin its own server-side helpers (the sign-in page's actions) use,
 * from the forwarded or Host header, not `request.url` (under `next start -H 127.0.0.1` that says `localhost`). Single
 * sign-on sends the provider a `redirect_uri` from the action and must send the same one with the code from here.
 * A plain Request: a NextRequest's url turns 127.0.0.1 back into localhost. Auth.js reads only its url, method,
 * headers and body; `nextUrl` is read by next-auth only with AUTH_URL set, and then the request is left as it is.
 */
function atHostOrigin(request: NextRequest): NextRequest {
  if (process.env.AUTH_URL || process.env.NEXTAUTH_URL) return request;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (!host) return request;
  const url = new URL(request.url);
  const proto = request.headers.get("x-forwarded-proto") ?? url.protocol.replace(/:$/, "");
  try {
    const origin = new URL(`${proto}://${host}`);
    url.protocol = origin.protocol;
    url.host = origin.host;
  } catch {
    return request;
  }
  return url.href === request.url ? request : (new Request(url, request) as NextRequest);
}

export async function GET(request: NextRequest): Promise<Response> {
  return handlers.GET(atHostOrigin(request));
}

/** Auth.js's endpoints; a credentials sign-in for a locked account + address is refused here with 429. */
export async function POST(request: NextRequest): Promise<Response> {
  if (request.nextUrl.pathname.endsWith("/callback/credentials")) {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    const state = await signInThrottle().check(signInKey(form?.get("username"), request.headers));
    if (state.locked) {
      return Response.json(
        { error: lockedMessage(state.retryAfterMs) },
        { status: 429, headers: { "retry-after": String(Math.ceil(state.retryAfterMs / 1000)) } },
      );
    }
  }
  return handlers.POST(atHostOrigin(request));
}
