import "server-only";
import {
  errorResponse,
  matchRoute,
  mayCall,
  METHODS,
  minRoleOf,
  pathExists,
  roleRefusal,
  versionOfPath,
  type RouteName,
} from "@/lib/api";
import { toDocumentWire, type Wire } from "../document-wire";
import { HttpError } from "../errors";
import { HANDLERS } from "./handlers";
import type { Handler, HandlerContext, ServiceParts } from "./context";
import { serveHosting } from "../hosting/serve";
import { plainText } from "../preview/serve";
import { serveAttachment } from "../attachments/serve";
import type { RoutedRequest } from "../quotas/charges";
import { isCorsOpen, preflightResponse, withCors } from "../remote-mcp/cors";
import { serveOAuth, type RemoteMcpAuth } from "../remote-mcp/authorization-server";
import { resolveCaller, callerOfSubject } from "../people/caller";
import type { Caller } from "../people/types";
import { readBody } from "./body";
import { assertStorableQuery } from "./text";
import { gateBodyChat, gatePathChat } from "./chat-gate";
import { startsAnswer } from "../spend/admission";

interface RouterDeps {
  /** The service's parts, handed to every handler. */
  parts: ServiceParts;
  apiKey: string;
  /** Path prefix of {base_url} (e.g. "/svc"), stripped from request paths; "" for none. */
  basePath: string;
  /** Where a person opens a chat (for the remote MCP endpoint's tools). */
  chatUrl?: (chatId: string) => string;
  /** The remote MCP endpoint's authorization server. */
  remoteAuth: RemoteMcpAuth;
  /** Whether {mcp_url} also takes the API key (EMBEDDED_MCP_ALLOW_API_KEY=1, a departure); default OAuth only. */
  mcpAllowApiKey: boolean;
  /** The spec's wire (default) or the real service's document (EMBEDDED_WIRE=document; document-wire/). */
  wire?: Wire;
}

/**
 * The embedded service's front door: strips the base path, answers 410 on the previews' old path (they have an
 * origin of their own, `handlePreview`), serves stored attachments (`/attachments/…`, an unguessable id, no key),
 * deployed sites (`/hosting/…`, no key) and the remote MCP endpoint with its OAuth server (a token; CORS-open),
 * then resolves the caller (the service's key, the acting-as header, a person's key: 401 / 403, people/caller.ts),
 * matches the route table (404 / 405), checks the route's minimum role (403 naming it, before anything is read)
 * and what it needs on the chat it names (chat-gate.ts: 404 as unknown, 403 read-only), reads and validates the
 * body (400 / 413 / 422), refuses a new answer while a budget of the caller's is reached (429 budget_exceeded),
 * draws the daily quotas (429, nothing taken; content quotas given back when the handler fails) and calls the
 * route's handler with the caller. Errors come out in the spec's shape
 * for the path's version.
 */
export function createRouter(deps: RouterDeps): (req: Request) => Promise<Response> {
  const { parts } = deps;
  // The MCP SDK's server loads with the endpoint's first request (a server nobody uses as an MCP server never holds
  // it).
  let remoteMcp: Promise<(req: Request, personId: string) => Promise<Response>> | null = null;
  const remoteMcpEndpoint = () =>
    (remoteMcp ??= import("../remote-mcp/endpoint").then(({ createRemoteMcpEndpoint }) =>
      createRemoteMcpEndpoint({
        handle: (req) => route(req),
        apiKey: deps.apiKey,
        publicBaseUrl: parts.publicBaseUrl,
        chatUrl: deps.chatUrl,
      }),
    ));
  const route = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const path = officialClientPath(stripBase(url.pathname, deps.basePath), deps.wire);
    const version = versionOfPath(path);
    const method = req.method.toUpperCase();
    try {
      if (path.startsWith("/preview/")) {
        // Where previews were served before they got an origin of their own (preview/origin-serve.ts).
        return plainText(410, "Previews moved to their own origin: GET /v2/chats/{chatId}/preview gives the address.");
      }
      if (path.startsWith("/hosting/")) {
        // Published sites (v1 deployments): public like any hosted site, sandboxed like the preview.
        return await serveHosting(parts.db, parts.deploymentBuildMs, method, path.slice("/hosting/".length).split("/"));
      }
      if (path.startsWith("/attachments/")) {
        // Stored attachments: the unguessable id is the capability (no key), like a preview's token.
        return await serveAttachment(parts.db, method, path.slice("/attachments/".length).split("/"));
      }
      if (method === "GET" && path === "/oauth/client-metadata.json") {
        // {client_metadata_url}: public, like any OAuth client metadata document.
        return Response.json(parts.mcp.clientMetadata(), { headers: { "cache-control": "public, max-age=300" } });
      }
      // The remote MCP endpoint's authorization server: metadata, registration, token, revocation (no key).
      const oauthAnswer = await serveOAuth(deps.remoteAuth, req, method, url.pathname, path, deps.basePath);
      if (oauthAnswer) return oauthAnswer;
      // {mcp_url}: the service's own MCP server (interface.md 4.6, 5.5), its tools backed by the v2 endpoints.
      // OAuth access tokens for this resource; the API key only when allowed.
      if (path === "/mcp") {
        const granted = await deps.remoteAuth.verify(req.headers.get("authorization"));
        // The token's person (who consented), or the key's caller when keys are allowed; its tool calls act as them.
        // A token whose person is disabled or deleted is refused like an invalid one.
        const caller = await (
          granted
            ? callerOfSubject(parts.people, granted.subject)
            : deps.mcpAllowApiKey
              ? resolveCaller(parts.people, req.headers, deps.apiKey)
              : Promise.resolve(null)
        ).catch(() => null);
        if (!caller) {
          const sent = req.headers.has("authorization");
          return errorResponse(
            version,
            401,
            "Missing or invalid access token: connect with OAuth (see the resource metadata).",
            {
              headers: {
                "www-authenticate": `Bearer resource_metadata="${deps.remoteAuth.resourceMetadataUrl}"${sent ? ', error="invalid_token"' : ""}`,
              },
            },
          );
        }
        return await (
          await remoteMcpEndpoint()
        )(req, caller.personId);
      }
      // The OAuth callbacks are reached by the browser from the provider, without the key: the state is the credential.
      const isCallback =
        method === "GET" && (path === "/v2/mcp-servers/oauth/callback" || path === "/v1/mcp-servers/oauth/callback");
      const caller: Caller | null = isCallback ? null : await resolveCaller(parts.people, req.headers, deps.apiKey);
      const lookup = method === "HEAD" ? "GET" : method;
      const match = matchRoute(lookup, path);
      if (!match) {
        if (pathExists(path)) {
          const allow = METHODS.filter((m) => matchRoute(m, path)).join(", ");
          return errorResponse(version, 405, `Method ${method} is not allowed on ${path}.`, { headers: { allow } });
        }
        return errorResponse(version, 404, `No such endpoint: ${method} ${path}`);
      }
      if (caller && !mayCall(match.route, caller.role)) {
        return errorResponse(version, 403, roleRefusal(minRoleOf(match.route), caller.role), { code: "role_required" });
      }
      // What the route needs on the chat it names (404 unreadable as unknown, 403 read-only), before the body is read.
      const pathAccess = await gatePathChat(parts.db, match.route, match.params, caller);
      assertStorableQuery(url);
      const body = await readBody(req, match.route);
      const access = pathAccess ?? (await gateBodyChat(parts.db, match.route, body, caller));
      const routed = { route: match.route.name, body } as RoutedRequest;
      // A budget of the caller's reached: no new answer (429 budget_exceeded until the period's end).
      if (caller && startsAnswer(routed)) await parts.spend.admit(caller.personId);
      const ticket = await parts.quotas.take(routed);
      // The table and the handler agree on the route's name, so the context is the one this handler expects.
      const handler = HANDLERS[match.route.name] as Handler<RouteName>;
      const ctx = {
        ...parts,
        route: match.route.name,
        req,
        url,
        params: match.params,
        body,
        caller,
        access,
      } as HandlerContext<RouteName>;
      let res: Response;
      try {
        res = await handler(ctx);
      } catch (error) {
        await ticket?.giveBack();
        throw error;
      }
      if (res.status >= 400) await ticket?.giveBack();
      // A write to a chat that succeeded (a hand edit, a restore, a pull) may have changed its files: its running app
      // takes them now; the runtime's own look (every 500 ms) catches the rest, such as the agent's writes.
      else if (lookup !== "GET" && match.params.chatId) parts.apps?.filesChanged(match.params.chatId);
      if (deps.wire === "document")
        res = await toDocumentWire(match.route.name, res, { db: parts.db, params: match.params });
      return method === "HEAD" ? new Response(null, { status: res.status, headers: res.headers }) : res;
    } catch (error) {
      if (error instanceof HttpError) {
        const { code, headers, issues } = error;
        // v1 has no list of issues: its message names them.
        if (issues && version === "v1") {
          const message = `${error.message}: ${issues.map((i) => `${i.path}: ${i.error}`).join("; ")}`;
          return errorResponse(version, error.status, message, { code, headers });
        }
        return errorResponse(version, error.status, error.message, { code, headers, issues });
      }
      console.error("[embedded] request failed", method, path, error);
      return errorResponse(version, 500, "Internal error of the embedded service.");
    }
  };
  // The remote MCP endpoint and its authorization server answer pages of any origin (remote-mcp/cors.ts).
  return async (req) => {
    const url = new URL(req.url);
    if (!isCorsOpen(stripBase(url.pathname, deps.basePath), url.pathname, deps.basePath)) return route(req);
    if (req.method.toUpperCase() === "OPTIONS") return preflightResponse();
    return withCors(await route(req));
  };
}

/**
 * The official v2 client addresses `{its base URL}/api/v2/…` (its default base is the real service's web origin, not
 * the document's server `…/v2`): in document mode those paths are the v2 routes, so the client works with its base
 * URL set to the service's.
 */
function officialClientPath(path: string, wire: Wire | undefined): string {
  return wire === "document" && path.startsWith("/api/v2/") ? path.slice("/api".length) : path;
}

/** A request's path below the service's base path (`/svc/v2/chats` → `/v2/chats`). */
export function stripBase(pathname: string, basePath: string): string {
  if (basePath && (pathname === basePath || pathname.startsWith(`${basePath}/`))) {
    return pathname.slice(basePath.length) || "/";
  }
  return pathname;
}
