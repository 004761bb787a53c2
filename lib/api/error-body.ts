import type { z } from "zod";
import type { ErrorCode } from "./error-codes";
import type { ErrorV1 } from "./schemas/v1";
import type { ApiVersion } from "./routes";
import type { ErrorV2 } from "./schemas/common";

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
  503: ["service_unavailable", "api_error"],
};

/** One refused field of a request body: its path ("files.0.path") and what is wrong with it. */
export interface BodyIssue {
  path: string;
  error: string;
}

/**
 * An error body in the spec's shape (interface.md Part 7): v2 `{message}` (plus `issues` where the document lists
 * them: the file edit's 422), v1 `{error: {code, type, message, userMessage}}`.
 */
function errorBody(
  version: ApiVersion,
  status: number,
  message: string,
  code?: ErrorCode,
  issues?: readonly BodyIssue[],
): ErrorV1 | ErrorV2 | { message: string; issues: BodyIssue[] } {
  if (version === "v2") return issues ? { message, issues: [...issues] } : { message };
  const [defaultCode, type]: [ErrorCode, ErrorTypeV1] = V1_TYPES[status] ?? ["internal_error", "api_error"];
  return { error: { code: code ?? defaultCode, type, message, userMessage: message } };
}

export function errorResponse(
  version: ApiVersion,
  status: number,
  message: string,
  init?: { code?: ErrorCode; headers?: HeadersInit; issues?: readonly BodyIssue[] },
): Response {
  const headers = new Headers(init?.headers);
  headers.set("content-type", "application/json");
  const body = errorBody(version, status, message, init?.code, init?.issues);
  return new Response(JSON.stringify(body), { status, headers });
}

/** Every issue of a zod validation error by the field it concerns ("files.0.path"; "" for the body itself). */
export function zodIssues(error: z.ZodError): BodyIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), error: issue.message }));
}

/**
 * The 422 for a body a route's schema refuses: one line naming the fields, or, for a route with `invalidBody`, that
 * message with every issue listed (v1 paths keep the v1 shape, the issues in its message).
 */
export function invalidBodyResponse(version: ApiVersion, route: { invalidBody?: string }, error: z.ZodError): Response {
  if (route.invalidBody && version === "v2")
    return errorResponse(version, 422, route.invalidBody, { issues: zodIssues(error) });
  return errorResponse(version, 422, describeZodError(error));
}

/** One readable line naming the offending field(s) of a zod validation error, e.g. "message: message is required". */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}
