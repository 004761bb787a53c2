import "server-only";

/**
 * CORS for the remote MCP endpoint and its authorization server, so that MCP clients running in a browser page
 * (an inspector, a web chat app) can discover, register, get tokens and call tools. Any origin may: these endpoints
 * take a bearer token or no credential at all, never a cookie, so a page can only use a token it already holds
 * (`Access-Control-Allow-Credentials` is never sent). The API under /v1 and /v2 stays closed to other origins: its
 * key belongs to a server.
 */

/** Paths under {base_url} open to other origins. */
const OPEN_PATHS = new Set([
  "/mcp",
  "/oauth/register",
  "/oauth/token",
  "/oauth/revoke",
  "/.well-known/oauth-protected-resource",
  "/.well-known/oauth-protected-resource/mcp",
  "/.well-known/oauth-authorization-server",
]);

/**
 * Whether a request is to one of them: `path` is under {base_url}, `pathname` the whole path (the origin-level
 * metadata URLs, RFC 8414 / RFC 9728 path-inserted).
 */
export function isCorsOpen(path: string, pathname: string, basePath: string): boolean {
  return (
    OPEN_PATHS.has(path) ||
    (basePath !== "" && pathname === `/.well-known/oauth-authorization-server${basePath}`) ||
    pathname === `/.well-known/oauth-protected-resource${basePath}/mcp`
  );
}

const ALLOW_HEADERS = "authorization, content-type, mcp-protocol-version, mcp-session-id, last-event-id";
/** What a browser client must read: the session id, the protocol version and where a 401 points. */
const EXPOSE_HEADERS = "mcp-session-id, mcp-protocol-version, www-authenticate, retry-after";

/** The answer to a preflight (OPTIONS) request. */
export function preflightResponse(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
      "access-control-allow-headers": ALLOW_HEADERS,
      "access-control-max-age": "600",
    },
  });
}

/** The response, readable by any origin (a copy: a response's headers may be immutable; a stream stays a stream). */
export function withCors(res: Response): Response {
  const headers = new Headers(res.headers);
  headers.set("access-control-allow-origin", "*");
  headers.set("access-control-expose-headers", EXPOSE_HEADERS);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
