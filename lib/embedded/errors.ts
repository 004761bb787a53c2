import "server-only";
import type { BodyIssue, ErrorCode } from "@/lib/api";

/**
 * A failure with an HTTP status and one of the service's error codes (lib/api/error-codes.ts); the router renders it
 * in the spec's error shape (v1 or v2).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode,
    readonly headers?: Record<string, string>,
    /** Every refused field, where the document lists them (v2 `{message, issues}`). */
    readonly issues?: readonly BodyIssue[],
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** A 422 listing every refused field under one message (the file edit's "Invalid file contents"). */
export const invalidFields = (message: string, issues: readonly BodyIssue[]) =>
  new HttpError(422, message, "validation_failed", undefined, issues);

export const notFound = (what: string, code: ErrorCode) => new HttpError(404, `${what} not found`, code);

/** The one answer to a change of a chat while it generates (idle-chat.ts decides when). */
export const chatBusy = () =>
  new HttpError(409, "The chat is still generating a response; wait until its finishReason is set.", "chat_busy");
