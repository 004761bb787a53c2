import "server-only";
import { readRequestBody } from "@modelcontextprotocol/sdk/server/requestBody.js";
import { TOO_DEEP_MESSAGE, describeZodError, nestedDeeperThan, zodIssues, type RouteSpec } from "@/lib/api";
import { HttpError, invalidFields } from "../errors";
import { assertStorableBody, findUnstorableText } from "./text";

/** Upper bound of a request body (the spec's 3 MB file limit plus room for JSON); a route may declare more. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** A request body over its limit (413); the sender's stream was cancelled, what was past the limit never read. */
export class BodyTooLargeError extends HttpError {
  constructor(readonly limitBytes: number) {
    super(413, "Request body too large.", "payload_too_large");
  }
}

/**
 * The body as UTF-8 text, at most `maxBytes`: a declared Content-Length over it is refused before anything is read,
 * and reading stops at the first chunk that goes past it (the MCP SDK's `readRequestBody`, which its own transport
 * uses); then the rest of the stream is cancelled. Throws BodyTooLargeError.
 */
export async function readBodyText(req: Request, maxBytes: number): Promise<string> {
  const body = await readRequestBody(req, maxBytes);
  if (!body.tooLarge) return body.text;
  await req.body?.cancel().catch(() => undefined);
  throw new BodyTooLargeError(maxBytes);
}

/**
 * Reads and validates the body of a route that declares a schema: malformed JSON → 400,
 * schema violation → 422 naming the field ("message: message is required"), too large → 413.
 * Objects and arrays nested more than MAX_JSON_DEPTH levels → 422, checked first (every walk after it recurses).
 * Text the database cannot store exactly (NUL, lone surrogates) → 422 naming the field (./text.ts).
 * An empty body counts as `{}`.
 */
export async function readBody(req: Request, route: RouteSpec): Promise<unknown> {
  if (!route.body) return undefined;
  const text = await readBodyText(req, route.maxBodyBytes ?? MAX_BODY_BYTES);
  let parsed: unknown = {};
  if (text.trim() !== "") {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new HttpError(400, "Malformed JSON in request body.", "invalid_json");
    }
  }
  if (nestedDeeperThan(parsed)) throw new HttpError(422, TOO_DEEP_MESSAGE, "validation_failed");
  if (route.invalidBody) {
    const found = findUnstorableText(parsed);
    if (found) throw invalidFields(route.invalidBody, [{ path: found.path, error: found.reason }]);
  } else assertStorableBody(parsed);
  const result = route.body.safeParse(parsed);
  if (!result.success) {
    if (route.invalidBody) throw invalidFields(route.invalidBody, zodIssues(result.error));
    throw new HttpError(422, describeZodError(result.error), "validation_failed");
  }
  return result.data;
}
