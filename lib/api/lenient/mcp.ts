import { z } from "zod";

/**
 * The dashboard's view of MCP server records, read leniently (README: accept the spec's shapes and the document's,
 * degrade per item). Accepted records:
 * - the document's (and the embedded service's): `auth: {type: none | bearer | custom-headers | oauth, config?,
 *   connected?, …}`, secrets redacted;
 * - the older spec-style shape: `auth: {type, connected, expiresAt?, error?}` plus a top-level `oauthConfig`
 *   with `hasClientSecret`.
 * Lists may be a bare array (document), `{items}` (older) or `{data}` (v1); an item that is not a record is dropped.
 * Secrets are never kept: only whether one is stored.
 */

/** The OAuth configuration as the dashboard shows and prefills it (never the secret). */
export interface McpServerOAuthView {
  authorizationUrl: string;
  tokenUrl: string;
  clientId?: string;
  scopes: string[];
  usePKCE: boolean;
  resource?: string;
  hasClientSecret: boolean;
}

export interface McpServer {
  id: string;
  name: string;
  url: string;
  description?: string;
  enabled: boolean;
  scope: string;
  userId?: string;
  auth: {
    /** none | bearer | custom-headers | oauth (or another type a deployment adds: shown as is). */
    type: string;
    /** OAuth: tokens stored; none / bearer / custom headers: always true (nothing to authorize). */
    connected: boolean;
    expiresAt?: string;
    error?: string;
    /** custom-headers: the configured header names (values are never shown). */
    headerNames?: string[];
  };
  oauthConfig?: McpServerOAuthView;
  createdAt: string;
  updatedAt: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : []);

function oauthViewOf(config: unknown, hasSecretFlag?: unknown): McpServerOAuthView | undefined {
  if (!isObj(config)) return undefined;
  const authorizationUrl = str(config.authorizationUrl);
  const tokenUrl = str(config.tokenUrl);
  if (!authorizationUrl || !tokenUrl) return undefined;
  const clientId = str(config.clientId);
  const resource = str(config.resource);
  return {
    authorizationUrl,
    tokenUrl,
    ...(clientId ? { clientId } : {}),
    scopes: strs(config.scopes),
    usePKCE: config.usePKCE !== false,
    ...(resource ? { resource } : {}),
    hasClientSecret:
      hasSecretFlag === true || (typeof config.clientSecret === "string" && config.clientSecret.length > 0),
  };
}

/** One record in the dashboard's shape, or null when it is not one (no id). */
function toMcpServerView(raw: unknown): McpServer | null {
  if (!isObj(raw)) return null;
  const id = str(raw.id);
  if (!id) return null;
  const auth = isObj(raw.auth) ? raw.auth : typeof raw.auth === "string" ? { type: raw.auth } : {};
  const type = str(auth.type) ?? "none";
  const oauthConfig =
    oauthViewOf(auth.config) ??
    (isObj(raw.oauthConfig) ? oauthViewOf(raw.oauthConfig, raw.oauthConfig.hasClientSecret) : undefined);
  const connected = typeof auth.connected === "boolean" ? auth.connected : type !== "oauth";
  const expiresAt = str(auth.expiresAt);
  const error = str(auth.error);
  const headerNames = isObj(auth.headers) ? Object.keys(auth.headers) : undefined;
  const description = str(raw.description);
  const userId = str(raw.userId);
  const createdAt = str(raw.createdAt) ?? "";
  return {
    id,
    name: str(raw.name) ?? id,
    url: str(raw.url) ?? "",
    ...(description !== undefined ? { description } : {}),
    enabled: raw.enabled !== false,
    scope: str(raw.scope) ?? "user",
    ...(userId ? { userId } : {}),
    auth: {
      type,
      connected,
      ...(expiresAt ? { expiresAt } : {}),
      ...(error ? { error } : {}),
      ...(headerNames ? { headerNames } : {}),
    },
    ...(oauthConfig ? { oauthConfig } : {}),
    createdAt,
    updatedAt: str(raw.updatedAt) ?? createdAt,
  };
}

/** A record, leniently (fails only when the answer is not a record at all). */
export const McpServer = z.unknown().transform((raw, ctx): McpServer => {
  const view = toMcpServerView(raw);
  if (!view) {
    ctx.addIssue({ code: "custom", message: "not an MCP server record" });
    return z.NEVER;
  }
  return view;
});

/** A list: a bare array, `{items}` or `{data}`; items that are not records are dropped. */
export const McpServerList = z.unknown().transform((raw, ctx): { items: McpServer[] } => {
  const items = Array.isArray(raw)
    ? raw
    : isObj(raw)
      ? Array.isArray(raw.items)
        ? raw.items
        : Array.isArray(raw.data)
          ? raw.data
          : null
      : null;
  if (!items) {
    ctx.addIssue({ code: "custom", message: "not a list of MCP servers" });
    return z.NEVER;
  }
  return { items: items.map(toMcpServerView).filter((s): s is McpServer => s !== null) };
});
export type McpServerList = z.infer<typeof McpServerList>;

/** A delete answer: the document's `{success: true}` or the older `{id, deleted: true}`. */
export const McpServerDeletedAny = z.union([
  z.looseObject({ success: z.literal(true) }),
  z.looseObject({ id: z.string(), deleted: z.literal(true) }),
]);
export type McpServerDeletedAny = z.infer<typeof McpServerDeletedAny>;
