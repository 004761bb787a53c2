import "server-only";
import {
  InvalidClientMetadataError,
  InvalidRequestError,
  OAuthError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { BodyTooLargeError, readBodyText } from "../../http/body";
import { MAX_BODY_BYTES } from "./context";
import { BodyTooLargeOAuthError, oauthErrorResponse } from "./errors";
import type { RemoteMcpAuth } from ".";

const NO_STORE = { "cache-control": "no-store" };
const METADATA_CACHE = { "cache-control": "public, max-age=300" };

/**
 * The authorization server's HTTP endpoints, reached without the API key (thin handlers over RemoteMcpAuth; the
 * SDK's own `mcpAuthRouter` is Express). `pathname` is the request's whole path, `path` the one under {base_url}:
 * the metadata is served both under {base_url} and at the origin's RFC 8414 / RFC 9728 path-inserted forms
 * (`/.well-known/oauth-authorization-server{basePath}`, `/.well-known/oauth-protected-resource{basePath}/mcp`),
 * which is where the MCP SDK's client looks. Null: not one of them.
 */
export async function serveOAuth(
  auth: RemoteMcpAuth,
  req: Request,
  method: string,
  pathname: string,
  path: string,
  basePath: string,
): Promise<Response | null> {
  const get = method === "GET" || method === "HEAD";
  if (
    path === "/.well-known/oauth-protected-resource" ||
    path === "/.well-known/oauth-protected-resource/mcp" ||
    pathname === `/.well-known/oauth-protected-resource${basePath}/mcp`
  ) {
    return get ? Response.json(auth.protectedResourceMetadata(), { headers: METADATA_CACHE }) : notAllowed("GET");
  }
  if (
    path === "/.well-known/oauth-authorization-server" ||
    (basePath && pathname === `/.well-known/oauth-authorization-server${basePath}`)
  ) {
    return get ? Response.json(auth.authorizationServerMetadata(), { headers: METADATA_CACHE }) : notAllowed("GET");
  }
  if (path !== "/oauth/register" && path !== "/oauth/token" && path !== "/oauth/revoke") return null;
  if (method !== "POST") return notAllowed("POST");
  try {
    const text = await readOAuthBody(req);
    if (path === "/oauth/register") {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new InvalidClientMetadataError("The body must be a JSON object of client metadata.");
      }
      return Response.json(await auth.register(body), { status: 201, headers: NO_STORE });
    }
    if (!(req.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded"))
      throw new InvalidRequestError("The body must be application/x-www-form-urlencoded.");
    const form = new URLSearchParams(text);
    if (path === "/oauth/token") return Response.json(await auth.token(form), { headers: NO_STORE });
    await auth.revoke(form);
    return new Response(null, { status: 200, headers: NO_STORE });
  } catch (error) {
    if (error instanceof OAuthError) return oauthErrorResponse(error);
    throw error;
  }
}

/** The form or JSON body, at most 64 KB; past that, reading stops and the answer is 413 invalid_request. */
async function readOAuthBody(req: Request): Promise<string> {
  try {
    return await readBodyText(req, MAX_BODY_BYTES);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    throw new BodyTooLargeOAuthError("The body is larger than 64 KB.");
  }
}

function notAllowed(allow: string): Response {
  return Response.json(
    { error: "invalid_request", error_description: `Use ${allow}.` },
    { status: 405, headers: { allow } },
  );
}
