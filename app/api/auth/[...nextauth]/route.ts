import type { NextRequest } from "next/server";
import { handlers } from "@/app/_wiring/auth";
import { signInKey } from "@/lib/server/auth/credentials";
import { lockedMessage, signInThrottle } from "@/lib/server/sign-in";

export const { GET } = handlers;

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
  return handlers.POST(request);
}
