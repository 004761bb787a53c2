import "server-only";
import type { CreateMcpServerBody, OAuthConfig, UpdateMcpServerBody } from "@/lib/api";
import type { z } from "zod";
import type { v1 } from "@/lib/api";
import { HttpError, notFound } from "../errors";
import { json } from "../http/respond";
import { newId } from "../ids";
import type { McpConnections } from "../mcp/connections";
import type { McpServerRow, StoredOAuthConfig } from "../mcp/schema";
import * as mcpStore from "../mcp/store";
import { toMcpServer, toMcpServerV1 } from "../mcp/views";
import type { Handler, HandlerContext } from "./context";

/**
 * MCP server registrations (spec 2.11, 4.1–4.3; DESIGN 9), v2 and v1. Created disconnected; the client secret is
 * stored encrypted and never returned; PATCH with an OAuth configuration replaces the stored one, and a change of
 * client id, scopes, token endpoint or resource drops the connection (authorize again).
 */

type Version = "v1" | "v2";
type CreateV1 = z.infer<typeof v1.CreateMcpServerBodyV1>;
type UpdateV1 = z.infer<typeof v1.UpdateMcpServerBodyV1>;
type OAuthInput = Pick<OAuthConfig, "authorizationUrl" | "tokenUrl" | "clientId" | "clientSecret" | "scopes" | "usePKCE" | "resource">;

interface Normalized {
  name?: string;
  url?: string;
  enabled?: boolean;
  scope?: string;
  authType?: "oauth" | "none";
  /** Present when the request carries an OAuth configuration. */
  oauth?: { config: StoredOAuthConfig; clientSecret: string | null };
}

const invalid = (message: string) => new HttpError(422, message, "validation_failed");

function normalizeOAuth(input: OAuthInput, field: string): Normalized["oauth"] {
  if (input.resource !== undefined) {
    const url = URL.canParse(input.resource) ? new URL(input.resource) : null;
    if (!url || url.hash || !/^https?:$/.test(url.protocol)) {
      throw invalid(`${field}.resource: must be an absolute http(s) URL without a fragment (RFC 8707)`);
    }
  }
  const scopes = [...new Set(input.scopes.map((s) => s.trim()).filter(Boolean))];
  if (scopes.some((s) => /[\s"\\]/.test(s))) throw invalid(`${field}.scopes: a scope must not contain spaces, quotes or backslashes`);
  return {
    config: {
      authorizationUrl: input.authorizationUrl,
      tokenUrl: input.tokenUrl,
      ...(input.clientId ? { clientId: input.clientId } : {}),
      scopes,
      usePKCE: input.usePKCE,
      ...(input.resource ? { resource: input.resource } : {}),
    },
    clientSecret: input.clientSecret || null,
  };
}

function fromV2Create(body: CreateMcpServerBody): Normalized {
  if (body.auth === "oauth" && !body.oauthConfig) throw invalid("oauthConfig: oauthConfig is required when auth is oauth");
  return {
    name: body.name,
    url: body.url,
    enabled: body.enabled ?? true,
    scope: body.scope ?? "user",
    authType: body.auth,
    ...(body.auth === "oauth" ? { oauth: normalizeOAuth(body.oauthConfig!, "oauthConfig") } : {}),
  };
}

function fromV1Create(body: CreateV1): Normalized {
  return {
    name: body.name,
    url: body.url,
    enabled: true,
    scope: "user",
    authType: body.auth ? "oauth" : "none",
    ...(body.auth ? { oauth: normalizeOAuth(body.auth.config, "auth.config") } : {}),
  };
}

function fromV2Update(body: UpdateMcpServerBody): Normalized {
  return {
    name: body.name,
    url: body.url,
    enabled: body.enabled,
    authType: body.auth ?? (body.oauthConfig ? "oauth" : undefined),
    ...(body.oauthConfig ? { oauth: normalizeOAuth(body.oauthConfig, "oauthConfig") } : {}),
  };
}

function fromV1Update(body: UpdateV1): Normalized {
  return {
    name: body.name,
    url: body.url,
    ...(body.auth ? { authType: "oauth" as const, oauth: normalizeOAuth(body.auth.config, "auth.config") } : {}),
  };
}

const view = (version: Version, row: McpServerRow, mcp: McpConnections) =>
  version === "v1" ? toMcpServerV1(row, mcp) : toMcpServer(row, mcp);

async function requireServer(ctx: HandlerContext): Promise<McpServerRow> {
  const row = await mcpStore.findServer(ctx.db, ctx.params.mcpServerId!);
  if (!row) throw notFound(`MCP server ${ctx.params.mcpServerId}`, "mcp_server_not_found");
  return row;
}

const create =
  (version: Version): Handler =>
  async (ctx) => {
    const input = version === "v1" ? fromV1Create(ctx.body as CreateV1) : fromV2Create(ctx.body as CreateMcpServerBody);
    const at = ctx.mcp.now();
    const id = newId("mcp");
    const row = await mcpStore.insertServer(ctx.db, {
      id,
      name: input.name!,
      url: input.url!,
      enabled: input.enabled!,
      scope: input.scope!,
      authType: input.authType!,
      oauthConfig: input.oauth?.config ?? null,
      clientSecretEnc: input.oauth?.clientSecret ? ctx.mcp.seal(input.oauth.clientSecret, id, "client_secret") : null,
      accessTokenEnc: null,
      refreshTokenEnc: null,
      tokenExpiresAt: null,
      connectedAt: null,
      authError: null,
      createdAt: at,
      updatedAt: at,
    });
    return json(view(version, row, ctx.mcp), 201);
  };

const list =
  (version: Version): Handler =>
  async (ctx) => {
    const rows = await mcpStore.listServers(ctx.db);
    return json(
      version === "v1"
        ? { object: "list", data: rows.map((r) => toMcpServerV1(r, ctx.mcp)) }
        : { items: rows.map((r) => toMcpServer(r, ctx.mcp)) },
    );
  };

const get =
  (version: Version): Handler =>
  async (ctx) =>
    json(view(version, await requireServer(ctx), ctx.mcp));

/** Whether moving from `before` to `after` invalidates the tokens (spec: client id, scopes, token endpoint; and the resource). */
function changesGrant(before: StoredOAuthConfig | null, after: StoredOAuthConfig | null): boolean {
  if (!before || !after) return before !== after;
  const scopes = (c: StoredOAuthConfig) => [...c.scopes].sort().join(" ");
  return (
    before.clientId !== after.clientId ||
    before.tokenUrl !== after.tokenUrl ||
    scopes(before) !== scopes(after) ||
    before.resource !== after.resource
  );
}

const update =
  (version: Version): Handler =>
  async (ctx) => {
    const row = await requireServer(ctx);
    const input = version === "v1" ? fromV1Update(ctx.body as UpdateV1) : fromV2Update(ctx.body as UpdateMcpServerBody);
    const authType = input.authType ?? row.authType;
    if (authType === "oauth" && !input.oauth && !row.oauthConfig) {
      throw invalid("oauthConfig: oauthConfig is required when auth is oauth");
    }
    const config = authType === "none" ? null : (input.oauth?.config ?? row.oauthConfig);
    const secretEnc =
      authType === "none"
        ? null
        : input.oauth
          ? input.oauth.clientSecret
            ? ctx.mcp.seal(input.oauth.clientSecret, row.id, "client_secret")
            : null
          : row.clientSecretEnc;
    const at = ctx.mcp.now();
    const dropConnection = authType !== row.authType || changesGrant(row.oauthConfig, config);
    if (input.oauth || authType !== row.authType) await mcpStore.dropStates(ctx.db, row.id);
    const updated = await mcpStore.updateServer(ctx.db, row.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      authType,
      oauthConfig: config,
      clientSecretEnc: secretEnc,
      ...(dropConnection
        ? { accessTokenEnc: null, refreshTokenEnc: null, tokenExpiresAt: null, connectedAt: null, authError: null }
        : {}),
      updatedAt: at,
    });
    if (!updated) throw notFound(`MCP server ${row.id}`, "mcp_server_not_found");
    return json(view(version, updated, ctx.mcp));
  };

const remove =
  (version: Version): Handler =>
  async (ctx) => {
    const row = await requireServer(ctx);
    await mcpStore.deleteServer(ctx.db, row.id);
    return json(version === "v1" ? { id: row.id, object: "mcp_server", deleted: true } : { id: row.id, deleted: true });
  };

export const createMcpServer = create("v2");
export const listMcpServers = list("v2");
export const getMcpServer = get("v2");
export const updateMcpServer = update("v2");
export const deleteMcpServer = remove("v2");
export const createMcpServerV1 = create("v1");
export const listMcpServersV1 = list("v1");
export const getMcpServerV1 = get("v1");
export const updateMcpServerV1 = update("v1");
export const deleteMcpServerV1 = remove("v1");
