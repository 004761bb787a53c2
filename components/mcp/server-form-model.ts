import type { z } from "zod";
import { CreateMcpServerBody, UpdateMcpServerBody } from "@/lib/api/schemas";
import type { McpServer } from "@/lib/api/mcp-records";

/**
 * The register / edit form of an MCP server as plain values, and their translation into the v2 bodies,
 * validated with the lib/api schemas (one source of truth) plus the few rules the schemas leave open
 * (a client id unless the client metadata document is used, RFC 6749 scope tokens, an absolute resource URI).
 */

export interface McpServerFormValues {
  name: string;
  url: string;
  enabled: boolean;
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
export function formValuesOf(server: McpServer): McpServerFormValues {
  const base = { ...emptyMcpServerForm, name: server.name, url: server.url, enabled: server.enabled };
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
};

/** RFC 6749 3.3 scope-token characters. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

export function parseScopes(input: string): string[] {
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
  if (path[0] === "oauthConfig" && typeof last === "string" && last in emptyMcpServerForm) return last as McpServerField;
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

export type FormResult<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

/** POST /v2/mcp-servers body from the register form. */
export function toCreateBody(v: McpServerFormValues): FormResult<CreateMcpServerBody> {
  const candidate = {
    name: v.name.trim(),
    url: v.url.trim(),
    enabled: v.enabled,
    auth: "oauth" as const,
    scope: "user" as const,
    oauthConfig: oauthConfigOf(v),
  };
  const parsed = CreateMcpServerBody.safeParse(candidate);
  const errors = { ...(parsed.success ? {} : zodErrors(parsed.error)), ...extraOAuthErrors(v) };
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}

/** PATCH body from the edit form: the OAuth configuration is sent (and replaces the stored one) only when asked. */
export function toUpdateBody(v: McpServerFormValues, replaceOAuth: boolean): FormResult<UpdateMcpServerBody> {
  const candidate = {
    name: v.name.trim(),
    url: v.url.trim(),
    enabled: v.enabled,
    ...(replaceOAuth ? { auth: "oauth" as const, oauthConfig: oauthConfigOf(v) } : {}),
  };
  const parsed = UpdateMcpServerBody.safeParse(candidate);
  const errors = { ...(parsed.success ? {} : zodErrors(parsed.error)), ...(replaceOAuth ? extraOAuthErrors(v) : {}) };
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
