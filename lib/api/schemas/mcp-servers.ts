import { z } from "zod";
import { HttpUrl } from "./common";

// ---------- MCP servers (2.11, 4.3, wire-decisions.md 9) ----------

export const OAuthConfig = z.object({
  authorizationUrl: HttpUrl,
  tokenUrl: HttpUrl,
  /** Absent: the service's client metadata document URL is the client id. */
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(1).optional(),
  scopes: z.array(z.string()).default([]),
  usePKCE: z.boolean().default(true),
  resource: z.string().optional(),
});
export type OAuthConfig = z.infer<typeof OAuthConfig>;

/** The document's OAuth configuration (`auth.config`); clientId may be absent here (the metadata document URL is used). */
const DocOAuthConfig = OAuthConfig.extend({
  registrationUrl: HttpUrl.optional(),
  issuer: z.string().optional(),
  clientIdMetadataDocumentSupported: z.boolean().optional(),
});

/** Header names a client may set on the MCP transport (RFC 7230 token); values are secrets. */
const HeaderName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, "must be an HTTP header name");
const HeaderValue = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^[^\r\n]*$/, "must not contain line breaks");

/**
 * The document's `auth` object (none | bearer | custom-headers | oauth with `config`). `connected`/`expiresAt` are
 * read-only record fields the document also allows in bodies: accepted and ignored.
 */
/** `auth: {type: "none"}` (the document's union, shared by the v1 and v2 bodies). */
export const McpNoneAuthBody = z.object({ type: z.literal("none") });
/** `auth: {type: "bearer", token}`: the token is a secret, sealed before storing. */
export const McpBearerAuthBody = z.object({
  type: z.literal("bearer"),
  token: z
    .string()
    .min(1)
    .max(8192)
    .regex(/^[^\r\n]*$/, "must not contain line breaks"),
});
/** `auth: {type: "custom-headers", headers}`: the values are secrets, sealed before storing. */
export const McpHeadersAuthBody = z.object({
  type: z.literal("custom-headers"),
  headers: z
    .record(HeaderName, HeaderValue)
    .refine((h) => Object.keys(h).length > 0 && Object.keys(h).length <= 20, "headers: between 1 and 20 headers"),
});
const McpAuthBody = z.discriminatedUnion("type", [
  McpNoneAuthBody,
  McpBearerAuthBody,
  McpHeadersAuthBody,
  z.object({
    type: z.literal("oauth"),
    config: DocOAuthConfig.optional(),
    connected: z.boolean().optional(),
    expiresAt: z.string().optional(),
  }),
]);

/** The spec's body (`auth: "oauth" | "none"` + `oauthConfig`) and the document's (`auth: {type, …}`) are both accepted. */
export const CreateMcpServerBody = z.object({
  name: z.string().min(1).max(200),
  url: HttpUrl,
  description: z.string().max(1000).optional(),
  enabled: z.boolean().optional(),
  auth: z.union([z.enum(["oauth", "none"]), McpAuthBody]).default("oauth"),
  scope: z.enum(["user", "team"]).optional(),
  oauthConfig: OAuthConfig.optional(),
});
export type CreateMcpServerBody = z.input<typeof CreateMcpServerBody>;
export const UpdateMcpServerBody = z.object({
  name: z.string().min(1).max(200).optional(),
  url: HttpUrl.optional(),
  description: z.string().max(1000).optional(),
  enabled: z.boolean().optional(),
  scope: z.enum(["user", "team"]).optional(),
  auth: z.union([z.enum(["oauth", "none"]), McpAuthBody]).optional(),
  oauthConfig: OAuthConfig.optional(),
});
export type UpdateMcpServerBody = z.input<typeof UpdateMcpServerBody>;

/** Shown in place of every secret value of a record (token, header values, client secret). */
export const REDACTED = "••••••";

/** The OAuth configuration as a record shows it (the document's `auth.config`): the client secret only as REDACTED. */
const McpServerOAuthConfig = z.object({
  authorizationUrl: z.string(),
  tokenUrl: z.string(),
  clientId: z.string(),
  clientSecret: z.literal(REDACTED).optional(),
  scopes: z.array(z.string()),
  usePKCE: z.boolean(),
  resource: z.string().optional(),
});

/** The record's `auth` (the document's union); secrets are REDACTED; `error` is our extension (why connecting failed). */
export const McpServerAuth = z.discriminatedUnion("type", [
  z.object({ type: z.literal("none") }),
  z.object({ type: z.literal("bearer"), token: z.string() }),
  z.object({ type: z.literal("custom-headers"), headers: z.record(z.string(), z.string()) }),
  z.object({
    type: z.literal("oauth"),
    config: McpServerOAuthConfig.optional(),
    connected: z.boolean(),
    expiresAt: z.string().optional(),
    error: z.string().optional(),
  }),
]);
export type McpServerAuth = z.infer<typeof McpServerAuth>;

/** The MCP server record the embedded service emits (v2): the document's McpServer. The dashboard reads records
 * through the lenient `McpServer` of lib/api/lenient/mcp.ts (this shape, the older one, or a real deployment's). */
export const McpServerRecord = z.strictObject({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  scope: z.enum(["user", "team"]),
  userId: z.string(),
  auth: McpServerAuth,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type McpServerRecord = z.infer<typeof McpServerRecord>;
/** GET /v2/mcp-servers: a bare array (the document; the spec does not show the list). */
export const McpServerRecordList = z.array(McpServerRecord);
export type McpServerRecordList = z.infer<typeof McpServerRecordList>;
/** DELETE /v2/mcp-servers/{id}: `{success: true}` (the document; the spec does not show it). */
export const McpServerDeleted = z.object({ success: z.literal(true) });
export type McpServerDeleted = z.infer<typeof McpServerDeleted>;

export const AuthorizeBody = z.object({ returnUrl: HttpUrl });
export const AuthorizeResponse = z.object({ url: z.string(), state: z.string(), expiresAt: z.string() });
export type AuthorizeResponse = z.infer<typeof AuthorizeResponse>;
