import type { z } from "zod";
import type { ErrorCode } from "./error-codes";
import type { ErrorV1 } from "./schemas/v1";
import type { ApiVersion } from "./routes";
import type { ErrorV2 } from "./schemas/v2";

/** The interface version a path belongs to (v1 paths get v1 error bodies). */
export function versionOfPath(path: string): ApiVersion {
  return path.startsWith("/v1/") || path === "/v1" ? "v1" : "v2";
}

/** The v1 error types (interface.md Part 7), one per kind of failure. */
type ErrorTypeV1 =
  | "invalid_request_error"
  | "authentication_error"
  | "permission_error"
  | "not_found_error"
  | "conflict_error"
  | "rate_limit_error"
  | "api_error";

/** A v1 error body's default code and its type, by status. */
const V1_TYPES: Record<number, [code: ErrorCode, type: ErrorTypeV1]> = {
  400: ["invalid_json", "invalid_request_error"],
  401: ["unauthorized", "authentication_error"],
  403: ["forbidden", "permission_error"],
  404: ["not_found", "not_found_error"],
  405: ["method_not_allowed", "invalid_request_error"],
  409: ["conflict", "conflict_error"],
  413: ["payload_too_large", "invalid_request_error"],
  422: ["validation_failed", "invalid_request_error"],
  429: ["rate_limited", "rate_limit_error"],
  502: ["bad_gateway", "api_error"],
};

/** An error body in the spec's shape (interface.md Part 7): v2 `{message}`, v1 `{error: {code, type, message, userMessage}}`. */
function errorBody(version: ApiVersion, status: number, message: string, code?: ErrorCode): ErrorV1 | ErrorV2 {
  if (version === "v2") return { message };
  const [defaultCode, type]: [ErrorCode, ErrorTypeV1] = V1_TYPES[status] ?? ["internal_error", "api_error"];
  return { error: { code: code ?? defaultCode, type, message, userMessage: message } };
}

export function errorResponse(
  version: ApiVersion,
  status: number,
  message: string,
  init?: { code?: ErrorCode; headers?: HeadersInit },
): Response {
  const headers = new Headers(init?.headers);
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(errorBody(version, status, message, init?.code)), { status, headers });
}

/** One readable line naming the offending field(s) of a zod validation error, e.g. "message: message is required". */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}
