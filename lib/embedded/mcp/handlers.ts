import "server-only";
import type { Caller } from "../people/types";
import type { ApiVersion, OAuthConfig, RouteBody } from "@/lib/api";
import { HttpError, notFound } from "../errors";
import { json } from "../http/respond";
import { newId } from "../ids";
import type { McpConnections } from "./connections";
import type { McpAuthType, McpServerRow, StoredOAuthConfig } from "./schema";
import * as mcpStore from "./store";
import { toMcpServer, toMcpServerV1 } from "./views";
import type { Handler, HandlerTablePart, ServiceParts } from "../http/context";

/**
 * MCP server registrations (interface.md 2.11, 4.1–4.3; wire-decisions.md 9), v2 and v1. Created disconnected; the client secret is
 * stored encrypted and never returned; PATCH with an OAuth configuration replaces the stored one, and a change of
 * client id, scopes, token endpoint or resource drops the connection (authorize again).
 */

type Version = ApiVersion;
const versionOf = (route: string): Version => (route.startsWith("v1.") ? "v1" : "v2");
type CreateMcpServerBody = RouteBody<"v2.mcp.create">;
type UpdateMcpServerBody = RouteBody<"v2.mcp.update">;
type CreateV1 = RouteBody<"v1.mcp.create">;
type UpdateV1 = RouteBody<"v1.mcp.update">;
type OAuthInput = Pick<
  OAuthConfig,
  "authorizationUrl" | "tokenUrl" | "clientId" | "clientSecret" | "scopes" | "usePKCE" | "resource"
>;

interface Normalized {
  name?: string;
  url?: string;
  description?: string;
  enabled?: boolean;
  scope?: string;
  authType?: McpAuthType;
  /** bearer: the token; custom-headers: the headers (both sealed before storing). */
  staticSecret?: { plain: string; headerNames: string[] | null };
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
  if (scopes.some((s) => /[\s"\\]/.test(s)))
    throw invalid(`${field}.scopes: a scope must not contain spaces, quotes or backslashes`);
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

type V2Auth = NonNullable<UpdateMcpServerBody["auth"]>;
type ParsedV2Body = { auth?: V2Auth; oauthConfig?: OAuthConfig };
type AuthObject = Exclude<V2Auth, string> | NonNullable<CreateV1["auth"]>;
type NormalizedAuth = Pick<Normalized, "authType" | "oauth" | "staticSecret">;

/** Headers the MCP transport sets itself: a custom-headers configuration may not name them. */
const TRANSPORT_HEADERS = [
  "host",
  "content-length",
  "content-type",
  "accept",
  "connection",
  "transfer-encoding",
  "mcp-session-id",
  "mcp-protocol-version",
];

/**
 * The document's `auth: {type: none | bearer | custom-headers | oauth, config?}` (v1 and v2 alike). `fallback`: the
 * v2 body's separate `oauthConfig`; `required`: creating (OAuth needs a configuration).
 */
function authOfObject(auth: AuthObject, fallback: OAuthConfig | undefined, required: boolean): NormalizedAuth {
  switch (auth.type) {
    case "none":
      return { authType: "none" };
    case "bearer":
      return { authType: "bearer", staticSecret: { plain: auth.token, headerNames: null } };
    case "custom-headers": {
      const names = Object.keys(auth.headers);
      const lower = names.map((n) => n.toLowerCase());
      if (new Set(lower).size !== lower.length) throw invalid("auth.headers: a header is given twice");
      const forbidden = lower.find((n) => TRANSPORT_HEADERS.includes(n));
      if (forbidden) throw invalid(`auth.headers: ${forbidden} is set by the MCP transport and cannot be configured`);
      return { authType: "custom-headers", staticSecret: { plain: JSON.stringify(auth.headers), headerNames: names } };
    }
    case "oauth": {
      const config = auth.config ?? fallback;
      if (!config && required)
        throw invalid("auth.config: the OAuth configuration is required when auth.type is oauth");
      return { authType: "oauth", ...(config ? { oauth: normalizeOAuth(config, "auth.config") } : {}) };
    }
  }
}

/**
 * The authentication of a v2 body: the spec's `auth: "oauth" | "none"` with `oauthConfig`, or the document's
 * `auth: {type: none | bearer | custom-headers | oauth, config?}`. `required`: creating (OAuth needs a configuration).
 */
function authOfV2(body: ParsedV2Body, required: boolean): NormalizedAuth {
  const auth = body.auth ?? (body.oauthConfig ? "oauth" : undefined);
  if (auth === undefined) return {};
  if (typeof auth !== "string") return authOfObject(auth, body.oauthConfig, required);
  if (auth === "oauth" && !body.oauthConfig && required)
    throw invalid("oauthConfig: oauthConfig is required when auth is oauth");
  return {
    authType: auth,
    ...(auth === "oauth" && body.oauthConfig ? { oauth: normalizeOAuth(body.oauthConfig, "oauthConfig") } : {}),
  };
}

function fromV2Create(body: CreateMcpServerBody): Normalized {
  const parsed: ParsedV2Body = body;
  return {
    name: body.name,
    url: body.url,
    description: body.description ?? "",
    enabled: body.enabled ?? true,
    scope: body.scope ?? "user",
    ...authOfV2(parsed, true),
  };
}

function fromV1Create(body: CreateV1): Normalized {
  return {
    name: body.name,
    url: body.url,
    description: body.description ?? "",
    enabled: body.enabled ?? true,
    scope: "user",
    ...(body.auth ? authOfObject(body.auth, undefined, true) : { authType: "none" as const }),
  };
}

function fromV2Update(body: UpdateMcpServerBody): Normalized {
  return {
    name: body.name,
    url: body.url,
    description: body.description,
    enabled: body.enabled,
    scope: body.scope,
    ...authOfV2(body, false),
  };
}

function fromV1Update(body: UpdateV1): Normalized {
  return {
    name: body.name,
    url: body.url,
    description: body.description,
    enabled: body.enabled,
    ...(body.auth ? authOfObject(body.auth, undefined, false) : {}),
  };
}

const view = (version: Version, row: McpServerRow, mcp: McpConnections) =>
  version === "v1" ? toMcpServerV1(row) : toMcpServer(row, mcp);

const sealStatic = (ctx: ServiceParts, id: string, secret: Normalized["staticSecret"]) =>
  secret ? ctx.mcp.seal(secret.plain, id, "static_secret") : null;

async function requireServer(ctx: ServiceParts & { params: { mcpServerId: string } }): Promise<McpServerRow> {
  const row = await mcpStore.findServer(ctx.db, ctx.params.mcpServerId);
  if (!row) throw notFound(`MCP server ${ctx.params.mcpServerId}`, "mcp_server_not_found");
  return row;
}

/** The audit log's record of an MCP server's stored secrets changing (never the secret). */
function auditSecretChange(
  ctx: ServiceParts & { caller: Caller },
  row: McpServerRow,
  change: "set" | "replaced" | "removed",
): Promise<void> {
  return ctx.people.audit.record({
    actor: ctx.caller.personId,
    action: "mcp_server.secret_changed",
    target: row.id,
    detail: { name: row.name, authType: row.authType, change },
  });
}

const create: Handler<"v2.mcp.create" | "v1.mcp.create"> = async (ctx) => {
  const version = versionOf(ctx.route);
  const input = ctx.route === "v1.mcp.create" ? fromV1Create(ctx.body) : fromV2Create(ctx.body);
  const at = ctx.mcp.now();
  const id = newId("mcp");
  const row = await mcpStore.insertServer(ctx.db, {
    id,
    name: input.name!,
    url: input.url!,
    description: input.description ?? "",
    enabled: input.enabled!,
    scope: input.scope!,
    authType: input.authType!,
    staticSecretEnc: sealStatic(ctx, id, input.staticSecret),
    headerNames: input.staticSecret?.headerNames ?? null,
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
  if (row.staticSecretEnc || row.clientSecretEnc) await auditSecretChange(ctx, row, "set");
  return json(view(version, row, ctx.mcp), 201);
};

const list: Handler<"v2.mcp.list" | "v1.mcp.list"> = async (ctx) => {
  const rows = await mcpStore.listServers(ctx.db);
  return json(
    ctx.route === "v1.mcp.list"
      ? { object: "list", data: rows.map((r) => toMcpServerV1(r)) }
      : rows.map((r) => toMcpServer(r, ctx.mcp)), // the document: a bare array
  );
};

const get: Handler<"v2.mcp.get" | "v1.mcp.get"> = async (ctx) =>
  json(view(versionOf(ctx.route), await requireServer(ctx), ctx.mcp));

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

const update: Handler<"v2.mcp.update" | "v1.mcp.update"> = async (ctx) => {
  const row = await requireServer(ctx);
  const version = versionOf(ctx.route);
  const input = ctx.route === "v1.mcp.update" ? fromV1Update(ctx.body) : fromV2Update(ctx.body);
  const authType = input.authType ?? row.authType;
  if (authType === "oauth" && !input.oauth && !row.oauthConfig) {
    throw invalid("oauthConfig: oauthConfig is required when auth is oauth");
  }
  const isStatic = authType === "bearer" || authType === "custom-headers";
  if (isStatic && !input.staticSecret && authType !== row.authType) {
    throw invalid(
      authType === "bearer" ? "auth.token: the token is required" : "auth.headers: the headers are required",
    );
  }
  // Static credentials: replaced when given, kept when the type stays, dropped when the type changes.
  const staticSecretEnc = !isStatic
    ? null
    : input.staticSecret
      ? sealStatic(ctx, row.id, input.staticSecret)
      : row.staticSecretEnc;
  const headerNames =
    authType !== "custom-headers" ? null : input.staticSecret ? input.staticSecret.headerNames : row.headerNames;
  const config = authType !== "oauth" ? null : (input.oauth?.config ?? row.oauthConfig);
  const secretEnc =
    authType !== "oauth"
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
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.scope !== undefined ? { scope: input.scope } : {}),
    authType,
    staticSecretEnc,
    headerNames,
    oauthConfig: config,
    clientSecretEnc: secretEnc,
    ...(dropConnection
      ? { accessTokenEnc: null, refreshTokenEnc: null, tokenExpiresAt: null, connectedAt: null, authError: null }
      : {}),
    updatedAt: at,
  });
  if (!updated) throw notFound(`MCP server ${row.id}`, "mcp_server_not_found");
  if (staticSecretEnc !== row.staticSecretEnc || secretEnc !== row.clientSecretEnc)
    await auditSecretChange(ctx, updated, updated.staticSecretEnc || updated.clientSecretEnc ? "replaced" : "removed");
  return json(view(version, updated, ctx.mcp));
};

const remove: Handler<"v2.mcp.delete" | "v1.mcp.delete"> = async (ctx) => {
  const row = await requireServer(ctx);
  await mcpStore.deleteServer(ctx.db, row.id);
  if (row.staticSecretEnc || row.clientSecretEnc || row.accessTokenEnc) await auditSecretChange(ctx, row, "removed");
  // v1: its document's answer; v2: the document's `{success: true}` (the spec does not show it).
  return json(ctx.route === "v1.mcp.delete" ? { id: row.id, object: "mcp_server", deleted: true } : { success: true });
};

/** The routes of lib/api/routes.ts this file answers. */
export const mcpServerHandlers = {
  "v2.mcp.list": list,
  "v2.mcp.create": create,
  "v2.mcp.get": get,
  "v2.mcp.update": update,
  "v2.mcp.delete": remove,
  "v1.mcp.list": list,
  "v1.mcp.create": create,
  "v1.mcp.get": get,
  "v1.mcp.update": update,
  "v1.mcp.delete": remove,
} satisfies HandlerTablePart;
