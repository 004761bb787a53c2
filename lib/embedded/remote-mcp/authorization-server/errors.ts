import "server-only";
import { InvalidRequestError, OAuthError, TooManyRequestsError } from "@modelcontextprotocol/sdk/server/auth/errors.js";

/** Too many registrations wait for approval: 429 with Retry-After. */
export class RegistrationLimitError extends TooManyRequestsError {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(message);
  }
}

/** RFC 7591 3.2.2: a redirect URI the server refuses. */
export class InvalidRedirectUriError extends OAuthError {
  static errorCode = "invalid_redirect_uri";
}

/** A request body over the limit: invalid_request, 413. */
export class BodyTooLargeOAuthError extends InvalidRequestError {}

/** An OAuth error as JSON: 400, 401 for invalid_client, 413 for a body too large, 429 with Retry-After for too many; never cached. */
export function oauthErrorResponse(error: OAuthError): Response {
  if (error instanceof RegistrationLimitError)
    return Response.json(error.toResponseObject(), {
      status: 429,
      headers: { "cache-control": "no-store", "retry-after": String(error.retryAfterS) },
    });
  return Response.json(error.toResponseObject(), {
    status: error instanceof BodyTooLargeOAuthError ? 413 : error.errorCode === "invalid_client" ? 401 : 400,
    headers: { "cache-control": "no-store" },
  });
}
