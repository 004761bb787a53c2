import "server-only";
import { describeZodError, zodIssues, type RouteSpec } from "@/lib/api";
import { HttpError, invalidFields } from "../errors";
import { assertStorableBody, findUnstorableText } from "./text";

/** Upper bound of a request body (the spec's 3 MB file limit plus room for JSON). */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Reads and validates the body of a route that declares a schema: malformed JSON → 400,
 * schema violation → 422 naming the field ("message: message is required"), too large → 413.
 * Text the database cannot store exactly (NUL, lone surrogates) → 422 naming the field (./text.ts).
 * An empty body counts as `{}`.
 */
export async function readBody(req: Request, route: RouteSpec): Promise<unknown> {
  if (!route.body) return undefined;
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, "Request body too large.");
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new HttpError(413, "Request body too large.");
  let parsed: unknown = {};
  if (text.trim() !== "") {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new HttpError(400, "Malformed JSON in request body.", "invalid_json");
    }
  }
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
