import "server-only";
import type { BodyIssue } from "@/lib/api";

/** A failure with an HTTP status; the router renders it in the spec's error shape (v1 or v2). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
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

export const notFound = (what: string, code?: string) => new HttpError(404, `${what} not found`, code);
