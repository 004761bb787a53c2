import "server-only";
import { ERROR_CODE_HEADER, errorResponse, versionOfPath } from "@/lib/api";
import { stripBase } from "./router";

const CODE = "service_shutting_down";

/**
 * What a request gets while the service shuts down (SIGTERM: it finishes running answers, then closes): 503 in the
 * spec's error shape for the path's version, with the code `service_shutting_down`: v1 `{error: {code, type:
 * "api_error", …}}`, v2 `{message}` (its only field, interface.md 7.1) and the code in the `x-error-code` header (on
 * both). A load balancer sends the request to another instance; a client retries.
 */
export function shuttingDown(req: Request, basePath: string): Response {
  const version = versionOfPath(stripBase(new URL(req.url).pathname, basePath));
  return errorResponse(version, 503, "The embedded service is shutting down.", {
    code: CODE,
    headers: { [ERROR_CODE_HEADER]: CODE, "cache-control": "no-store" },
  });
}
