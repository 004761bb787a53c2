import type { z } from "zod";
import { CreateMcpServerBody, UpdateMcpServerBody } from "@/lib/api/schemas";
import type { McpServer } from "@/lib/api/lenient/mcp";

/**
 * The register / edit form of an MCP server as plain values, and their translation into the v2 bodies,
 * validated with the lib/api schemas (one source of truth) plus the few rules the schemas leave open
 * (a client id unless the client metadata document is used, RFC 6749 scope tokens, an absolute resource URI).
 */

/** How the service authenticates to the MCP server (the document's auth types). */
export type McpAuthChoice = "oauth" | "none" | "bearer" | "custom-headers";

export interface McpServerFormValues {
  name: string;
  url: string;
  enabled: boolean;
  authType: McpAuthChoice;
  /** bearer: the token (never prefilled). */
  token: string;
  /** custom-headers: one `Name: value` per line (values never prefilled). */
  headers: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** "metadata": the service's client metadata document URL is the client id (no id, no secret sent). */
  clientIdMode: "manual" | "metadata";
  clientId: string;
  clientSecret: string;
  /** Space- or comma-separated. */
  scopes: string;
  usePKCE: boolean;
  resource: string;
}

export type McpServerField = keyof McpServerFormValues;
export type FieldErrors = Partial<Record<McpServerField, string>>;

export const emptyMcpServerForm: McpServerFormValues = {
  name: "",
  url: "",
  enabled: true,
  authType: "oauth",
  token: "",
  headers: "",
  authorizationUrl: "",
  tokenUrl: "",
  clientIdMode: "manual",
  clientId: "",
  clientSecret: "",
  scopes: "",
  usePKCE: true,
  resource: "",
};

/**
 * The editable values of an existing server. The OAuth settings are prefilled when the record carries them (an
 * extension of the embedded service); the client secret never comes back, so it starts empty.
 */
const AUTH_CHOICES: readonly string[] = ["oauth", "none", "bearer", "custom-headers"];

export function formValuesOf(server: McpServer): McpServerFormValues {
  const authType = (AUTH_CHOICES.includes(server.auth.type) ? server.auth.type : "oauth") as McpAuthChoice;
  const base = { ...emptyMcpServerForm, name: server.name, url: server.url, enabled: server.enabled, authType };
  const oauth = server.oauthConfig;
  if (!oauth) return base;
  return {
    ...base,
    authorizationUrl: oauth.authorizationUrl,
    tokenUrl: oauth.tokenUrl,
    clientIdMode: oauth.clientId === undefined ? "metadata" : "manual",
    clientId: oauth.clientId ?? "",
    scopes: oauth.scopes.join(" "),
    usePKCE: oauth.usePKCE,
    resource: oauth.resource ?? "",
  };
}

const URL_HINT = "Enter an absolute http(s) URL, e.g. https://mcp.example.com/mcp";
const FIELD_MESSAGES: Partial<Record<McpServerField, string>> = {
  name: "Enter a name (1–200 characters)",
  url: URL_HINT,
  authorizationUrl: "Enter the provider's authorization endpoint, an absolute http(s) URL",
  tokenUrl: "Enter the provider's token endpoint, an absolute http(s) URL",
  clientId: "Enter the client id you registered with the provider",
  clientSecret: "The client secret cannot be empty",
  token: "Enter the token (one line)",
  headers: "Enter one header per line as “Name: value”",
};

/** `Name: value` lines → headers; null when a line is malformed. */
function parseHeaderLines(input: string): Record<string, string> | null {
  const headers: Record<string, string> = {};
  for (const line of input.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const at = line.indexOf(":");
    if (at <= 0) return null;
    const name = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || !value) return null;
    headers[name] = value;
  }
  return headers;
}

/** The document's auth object for the static types (none, bearer, custom headers). */
function staticAuthOf(v: McpServerFormValues) {
  if (v.authType === "none") return { type: "none" as const };
  if (v.authType === "bearer") return { type: "bearer" as const, token: v.token.trim() };
  return { type: "custom-headers" as const, headers: parseHeaderLines(v.headers) ?? {} };
}

function staticAuthErrors(v: McpServerFormValues): FieldErrors {
  if (v.authType === "bearer" && !v.token.trim()) return { token: "Enter the bearer token" };
  if (v.authType === "custom-headers") {
    const headers = parseHeaderLines(v.headers);
    if (!headers) return { headers: "Write one header per line as “Name: value”" };
    if (Object.keys(headers).length === 0) return { headers: "Enter at least one header" };
  }
  return {};
}

/** RFC 6749 3.3 scope-token characters. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

function parseScopes(input: string): string[] {
  return input
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function isAbsoluteUri(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

function oauthConfigOf(v: McpServerFormValues) {
  const metadata = v.clientIdMode === "metadata";
  return {
    authorizationUrl: v.authorizationUrl.trim(),
    tokenUrl: v.tokenUrl.trim(),
    ...(metadata ? {} : { clientId: v.clientId.trim() }),
    ...(!metadata && v.clientSecret !== "" ? { clientSecret: v.clientSecret } : {}),
    scopes: parseScopes(v.scopes),
    usePKCE: v.usePKCE,
    ...(v.resource.trim() ? { resource: v.resource.trim() } : {}),
  };
}

/**
 * The OAuth `auth` of a body: the document's `{type: "oauth", config}` (what real deployments accept; the embedded
 * service takes both), except with the service's client metadata document as client id, which the document's config
 * (clientId required) cannot say: the spec's `auth: "oauth"` + `oauthConfig` then.
 */
function oauthAuthOf(v: McpServerFormValues) {
  const config = oauthConfigOf(v);
  return v.clientIdMode === "metadata"
    ? { auth: "oauth" as const, oauthConfig: config }
    : // `connected` is required by the document's schema in bodies too (read-only: the service ignores it).
      { auth: { type: "oauth" as const, connected: false, config } };
}

function extraOAuthErrors(v: McpServerFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (v.clientIdMode === "manual" && v.clientId.trim() === "")
    errors.clientId = "Enter the client id, or choose “Use the service's client metadata document”";
  const bad = parseScopes(v.scopes).find((s) => !SCOPE_TOKEN.test(s));
  if (bad !== undefined) errors.scopes = `“${bad}” is not a valid scope (no quotes or backslashes)`;
  if (v.resource.trim() && !isAbsoluteUri(v.resource.trim()))
    errors.resource = "The resource indicator must be an absolute http(s) URL, usually the server URL";
  return errors;
}

function fieldOfIssue(path: readonly PropertyKey[]): McpServerField | null {
  const last = path.at(-1);
  const inConfig = path[0] === "oauthConfig" || (path[0] === "auth" && path[1] === "config");
  if (inConfig && typeof last === "string" && last in emptyMcpServerForm) return last as McpServerField;
  if (path[0] === "auth" && path[1] === "token") return "token";
  if (path[0] === "auth" && path[1] === "headers") return "headers";
  if (path.length === 1 && typeof last === "string" && last in emptyMcpServerForm) return last as McpServerField;
  return null;
}

function zodErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = fieldOfIssue(issue.path) ?? "name";
    errors[field] ??= FIELD_MESSAGES[field] ?? issue.message;
  }
  return errors;
}

type FormResult<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

/** POST /v2/mcp-servers body from the register form. */
export function toCreateBody(v: McpServerFormValues): FormResult<CreateMcpServerBody> {
  const oauth = v.authType === "oauth";
  const candidate = {
    name: v.name.trim(),
    url: v.url.trim(),
    enabled: v.enabled,
    scope: "user" as const,
    ...(oauth ? oauthAuthOf(v) : { auth: staticAuthOf(v) }),
  };
  const parsed = CreateMcpServerBody.safeParse(candidate);
  const errors = {
    ...(parsed.success ? {} : zodErrors(parsed.error)),
    ...(oauth ? extraOAuthErrors(v) : staticAuthErrors(v)),
  };
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

/**
 * PATCH body from the edit form: the authentication (OAuth configuration, token or headers) is sent, and replaces
 * the stored one, only when asked; secrets are never prefilled, so replacing means entering them again.
 */
export function toUpdateBody(v: McpServerFormValues, replaceAuth: boolean): FormResult<UpdateMcpServerBody> {
  const oauth = v.authType === "oauth";
  const candidate = {
    name: v.name.trim(),
    url: v.url.trim(),
    enabled: v.enabled,
    ...(replaceAuth ? (oauth ? oauthAuthOf(v) : { auth: staticAuthOf(v) }) : {}),
  };
  const parsed = UpdateMcpServerBody.safeParse(candidate);
  const errors = {
    ...(parsed.success ? {} : zodErrors(parsed.error)),
    ...(replaceAuth ? (oauth ? extraOAuthErrors(v) : staticAuthErrors(v)) : {}),
  };
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
