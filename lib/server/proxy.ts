import "server-only";
import { SIGNED_OUT_MESSAGE } from "@/lib/api/signed-out";
import {
  TOO_DEEP_MESSAGE,
  errorResponse,
  invalidBodyResponse,
  matchRoute,
  nestedDeeperThan,
  versionOfPath,
} from "@/lib/api";
import { ACTING_AS_HEADER, roleRefusal, type Role } from "@/lib/api/schemas/team";
import { MAX_PROXY_BODY_BYTES as MAX_BODY_BYTES } from "@/lib/api/files/limits";
import { mayCall, minRoleOf } from "@/lib/api/routes";
import { isSameOrigin } from "./same-origin";

/** Sends a request addressed to the upstream base URL and returns its response (fetch, or the in-process embedded service). */
export type Upstream = (request: Request) => Promise<Response>;

/** The signed-in person a proxied request acts for, and the credentials it goes upstream with. */
export interface ProxyCaller {
  personId: string;
  /** The person's stored role (read at this request). */
  role: Role;
  /** The key sent upstream: the server-held one, or (a remote deployment) the person's own; added here and nowhere else. */
  apiKey: string;
  /** Sent as `x-atelier-acting-as` (the embedded service, with SERVICE_API_KEY only); null: nothing sent. */
  actingAs: string | null;
}

export interface ProxyOptions {
  upstream: Upstream;
  /** Upstream {base_url}, no trailing slash. */
  baseUrl: string;
  appUrl: string;
  /** The signed-in person, checked against the people directory for this request; null: no live session. */
  caller: () => Promise<ProxyCaller | null>;
}

/** Response headers worth passing to the browser; everything else (set-cookie, location, server internals) stays behind. */
const PASSED_HEADERS = [
  "content-type",
  "cache-control",
  "retry-after",
  "x-accel-buffering",
  "content-disposition",
  "x-error-code",
];

/**
 * The browser's only door to the service: a live session required (the person checked at this request), same-origin
 * for mutations, only the spec's paths, the route's role (a viewer never writes), bodies validated with the lib/api
 * schemas (after a depth limit: schemas recurse), the key and the acting person injected, SSE streamed through
 * unbuffered.
 */
export async function proxyRequest(request: Request, segments: string[], options: ProxyOptions): Promise<Response> {
  const path = "/" + segments.map(encodeURIComponent).join("/");
  const version = versionOfPath(path);
  const method = request.method.toUpperCase();

  const caller = await options.caller();
  if (!caller) return errorResponse(version, 401, SIGNED_OUT_MESSAGE);
  if (method !== "GET" && method !== "HEAD" && !isSameOrigin(request.headers, options.appUrl))
    return errorResponse(version, 403, "Cross-origin request refused: use the dashboard itself.");

  const match = matchRoute(method === "HEAD" ? "GET" : method, path);
  if (!match || match.route.proxied === false)
    return errorResponse(version, 404, `No such endpoint: ${method} ${path}`);
  // The service refuses it too; the proxy does not even send it (defence in depth).
  if (!mayCall(match.route, caller.role))
    return errorResponse(version, 403, roleRefusal(minRoleOf(match.route), caller.role), { code: "role_required" });

  let body: string | undefined;
  if (method !== "GET" && method !== "HEAD") {
    const limit = match.route.maxBodyBytes ?? MAX_BODY_BYTES;
    const declared = Number(request.headers.get("content-length") ?? 0);
    if (declared > limit) return errorResponse(version, 413, "Request body too large.");
    const text = await request.text();
    if (text.length > limit) return errorResponse(version, 413, "Request body too large.");
    if (text.trim() !== "") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return errorResponse(version, 400, "Malformed JSON in request body.");
      }
      if (nestedDeeperThan(parsed)) return errorResponse(version, 422, TOO_DEEP_MESSAGE);
      if (match.route.body) {
        const result = match.route.body.safeParse(parsed);
        if (!result.success) return invalidBodyResponse(version, match.route, result.error);
      }
      body = text;
    } else if (match.route.body) {
      const result = match.route.body.safeParse({});
      if (!result.success) return invalidBodyResponse(version, match.route, result.error);
    }
  }

  const target = `${options.baseUrl}${path}${new URL(request.url).search}`;
  const headers = new Headers({
    authorization: `Bearer ${caller.apiKey}`,
    accept: request.headers.get("accept") ?? "*/*",
  });
  if (caller.actingAs) headers.set(ACTING_AS_HEADER, caller.actingAs);
  if (body !== undefined) headers.set("content-type", "application/json");

  let upstreamResponse: Response;
  try {
    upstreamResponse = await options.upstream(
      new Request(target, { method, headers, body, signal: request.signal, redirect: "manual" }),
    );
  } catch (error) {
    if (request.signal.aborted) return new Response(null, { status: 499 });
    const reason = error instanceof Error ? error.message : String(error);
    return errorResponse(version, 502, `The service could not be reached (${reason}). Check SERVICE_BASE_URL.`);
  }

  const out = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = upstreamResponse.headers.get(name);
    if (value) out.set(name, value);
  }
  if (out.get("content-type")?.startsWith("text/event-stream")) {
    out.set("cache-control", "no-cache, no-transform");
    out.set("x-accel-buffering", "no");
  }
  if (upstreamResponse.status >= 300 && upstreamResponse.status < 400)
    return errorResponse(version, 502, "The service answered with a redirect; refusing to follow it.");
  return new Response(upstreamResponse.body, { status: upstreamResponse.status, headers: out });
}
