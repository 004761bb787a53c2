/**
 * The query of the OAuth return URL (interface.md 6.3): `oauth_success=true&mcpServerId=…` on success,
 * `error`, `error_description`, `mcpServerId` on failure. Nothing else is read — in particular no
 * redirect target, so the landing page cannot be turned into an open redirect.
 */

export type SearchParamsRecord = Record<string, string | string[] | undefined>;

export interface OAuthReturn {
  outcome: "success" | "error" | "incomplete";
  mcpServerId: string | null;
  error: string | null;
  errorDescription: string | null;
}

const MAX_ID = 200;
const MAX_CODE = 200;
/** Longer descriptions are cut (they are shown as text, shortened further behind "show more"). */
const MAX_DESCRIPTION = 10_000;

function first(params: SearchParamsRecord | URLSearchParams, key: string): string | null {
  const value = params instanceof URLSearchParams ? params.get(key) : params[key];
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === "string" && one !== "" ? one : null;
}

function cut(value: string | null, max: number): string | null {
  if (value === null) return null;
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

export function parseOAuthReturn(params: SearchParamsRecord | URLSearchParams): OAuthReturn {
  const error = cut(first(params, "error"), MAX_CODE);
  const success = first(params, "oauth_success") === "true";
  const rawId = first(params, "mcpServerId");
  return {
    outcome: error !== null ? "error" : success ? "success" : "incomplete",
    mcpServerId: rawId !== null && rawId.length <= MAX_ID ? rawId : null,
    error,
    errorDescription: cut(first(params, "error_description"), MAX_DESCRIPTION),
  };
}

/** A heading and a next step for the OAuth error codes (RFC 6749 4.1.2.1), in plain words. */
export function explainOAuthError(code: string): { title: string; hint: string } {
  switch (code) {
    case "access_denied":
      return {
        title: "Access was denied at the provider",
        hint: "Connect again and approve the request to let chats use this server.",
      };
    case "invalid_request":
      return {
        title: "The authorization request was invalid or has expired",
        hint: "Authorization links expire after 5 minutes and work once. Start again from the MCP servers page.",
      };
    case "invalid_grant":
      return {
        title: "The provider did not accept the authorization",
        hint: "Try again; if it keeps failing, check the server's OAuth settings.",
      };
    case "invalid_client":
    case "unauthorized_client":
      return {
        title: "The provider did not accept the client",
        hint: "Check the client id and secret in the server's OAuth settings.",
      };
    case "invalid_scope":
      return {
        title: "The provider refused the requested scopes",
        hint: "Check the scopes in the server's OAuth settings.",
      };
    case "server_error":
    case "temporarily_unavailable":
      return { title: "The provider had a problem", hint: "Wait a moment and try again." };
    default:
      return {
        title: "The connection failed",
        hint: "Try again; if it keeps failing, check the server's OAuth settings.",
      };
  }
}
