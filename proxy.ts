import { NextResponse, type NextRequest } from "next/server";
import { REQUEST_PATH_HEADER } from "@/lib/server/request-path";
import {
  NONCE_HEADER,
  newNonce,
  responseKindOf,
  securityEnvFrom,
  securityHeaders,
} from "@/lib/server/security-headers";

/**
 * Next 16 proxy (formerly middleware). Every response gets the security headers of lib/server/security-headers.ts.
 * Pages also get a fresh CSP nonce: set on the request (the `Content-Security-Policy` request header, from which
 * Next puts it on its own scripts, and `x-nonce` for the theme script) and in the response's policy.
 * Pages other than sign-in also get their path + query in a request header (any value the browser sent under
 * that name is overwritten) — sessions are checked by the dashboard layout, which uses it to keep the whole URL
 * through sign-in. The proxy decides nothing.
 */
export function proxy(request: NextRequest) {
  const kind = responseKindOf(request.nextUrl.pathname);
  const env = securityEnvFrom(process.env);
  if (kind !== "page") {
    const response = NextResponse.next();
    for (const [name, value] of Object.entries(securityHeaders(kind, env))) response.headers.set(name, value);
    return response;
  }
  const nonce = newNonce();
  const security = securityHeaders(kind, env, nonce);
  const url = request.nextUrl.clone();
  url.searchParams.delete("_rsc"); // Next's client-navigation marker is not part of the page's URL
  const headers = new Headers(request.headers);
  if (url.pathname !== "/sign-in") headers.set(REQUEST_PATH_HEADER, `${url.pathname}${url.search}`);
  else headers.delete(REQUEST_PATH_HEADER);
  headers.set(NONCE_HEADER, nonce);
  headers.set("content-security-policy", security["content-security-policy"]!);
  const response = NextResponse.next({ request: { headers } });
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but Next's static assets (their headers come from next.config.mjs).
  matcher: ["/((?!_next/static|_next/image).*)"],
};
