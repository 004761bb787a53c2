import { NextResponse, type NextRequest } from "next/server";
import { REQUEST_PATH_HEADER } from "@/lib/server/request-path";

/**
 * Next 16 proxy (formerly middleware): passes the requested page path + query to server components in a request
 * header (any value the browser sent under that name is overwritten). It decides nothing: sessions are checked by
 * the dashboard layout, which uses the header to keep the whole URL through sign-in.
 */
export function proxy(request: NextRequest) {
  const url = request.nextUrl.clone();
  url.searchParams.delete("_rsc"); // Next's client-navigation marker is not part of the page's URL
  const headers = new Headers(request.headers);
  headers.set(REQUEST_PATH_HEADER, `${url.pathname}${url.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages only: not the API, the embedded service, Next's assets or the sign-in page itself.
  matcher: ["/((?!api/|svc/|_next/|sign-in|favicon\\.ico).*)"],
};
