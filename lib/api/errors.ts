import { ERROR_CODE_HEADER } from "./error-codes";
import { parseRetryAfter } from "./retry-after";

/**
 * One error class for everything the service (or the way to it) answers with: v2 `{message}`, v1
 * `{error: {code, type, message, userMessage}}` (interface.md Part 7), and non-JSON bodies such as a proxy's
 * HTML 502 page.
 *
 * Statuses of our own making (documented choice):
 * - 502, code "invalid_response": a 2xx response whose body is not JSON or fails the lib/api schema;
 *   the message names the request and the offending field, e.g.
 *   "invalid response from GET /v2/chats/c1: privacy: Invalid option…".
 * - 0, code "network_error": fetch itself failed (offline, DNS, connection refused). Aborts are not
 *   wrapped: they reject with the signal's reason.
 */
export class ServiceError extends Error {
  status: number;
  /** v1 error code (e.g. "project_not_found"), a v2 error's `x-error-code` header, or one of ours above. */
  code?: string;
  /** v1 error type (e.g. "not_found_error"). */
  type?: string;
  /** v1 message meant for end users. */
  userMessage?: string;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
  /** Seconds to wait before trying again, from the `Retry-After` header (a 429 or 503); absent when not sent. */
  retryAfter?: number;

  constructor(init: {
    status: number;
    message: string;
    code?: string;
    type?: string;
    userMessage?: string;
    body?: unknown;
    cause?: unknown;
    retryAfter?: number;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "ServiceError";
    this.status = init.status;
    if (init.code !== undefined) this.code = init.code;
    if (init.type !== undefined) this.type = init.type;
    if (init.userMessage !== undefined) this.userMessage = init.userMessage;
    this.body = init.body;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v.length > 0 ? v : undefined);

/** A short readable line from a text body: an HTML page's title (or its text), or the text itself. */
function readableText(text: string): string | undefined {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1];
  const source =
    title ??
    (/<[a-z!][^>]*>/i.test(text)
      ? text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]*>/g, " ")
      : text);
  const line = source
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim();
  if (!line) return undefined;
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** Whether a page's text only repeats the status line (nginx: "502 Bad Gateway"). */
function sameAsStatus(text: string, status: number, statusText: string): boolean {
  const t = text.toLowerCase();
  const st = statusText.toLowerCase();
  return t === String(status) || t === st || t === `${status} ${st}`.trim() || t === `http ${status} ${st}`.trim();
}

/**
 * Normalizes a non-2xx response into a ServiceError (with `retryAfter` when sent, and a v2 error's code from the
 * `x-error-code` header when the body has none). Reads (consumes) the body.
 */
export async function errorFromResponse(res: Response): Promise<ServiceError> {
  const error = await errorOfBody(res);
  const retryAfter = parseRetryAfter(res.headers.get("retry-after"));
  if (retryAfter !== undefined) error.retryAfter = retryAfter;
  const code = str(res.headers.get(ERROR_CODE_HEADER));
  if (error.code === undefined && code !== undefined) error.code = code;
  return error;
}

async function errorOfBody(res: Response): Promise<ServiceError> {
  const status = res.status;
  const statusLine = `HTTP ${status}${res.statusText ? ` ${res.statusText}` : ""}`;
  let text = "";
  try {
    text = await res.text();
  } catch {
    // a body that cannot be read still leaves the status
  }
  let json: unknown;
  let isJson = false;
  if (text.trim()) {
    try {
      json = JSON.parse(text);
      isJson = true;
    } catch {
      // not JSON
    }
  }
  if (isJson && typeof json === "object" && json !== null) {
    const body = json as { message?: unknown; error?: unknown };
    // v1: {error: {code, type, message, userMessage}} (tolerates missing fields)
    if (typeof body.error === "object" && body.error !== null) {
      const e = body.error as Record<string, unknown>;
      const message = str(e.message) ?? str(e.userMessage) ?? str(e.code) ?? statusLine;
      return new ServiceError({
        status,
        message,
        code: str(e.code),
        type: str(e.type),
        userMessage: str(e.userMessage),
        body: json,
      });
    }
    // v2: {message}; some gateways answer {error: "text"}
    const message = str(body.message) ?? str(body.error);
    if (message) return new ServiceError({ status, message, body: json });
    return new ServiceError({ status, message: statusLine, body: json });
  }
  const readable = readableText(text);
  return new ServiceError({
    status,
    message: readable && !sameAsStatus(readable, status, res.statusText) ? `${statusLine}: ${readable}` : statusLine,
    body: isJson ? json : text,
  });
}
