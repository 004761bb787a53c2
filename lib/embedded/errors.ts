import "server-only";

/** A failure with an HTTP status; the router renders it in the spec's error shape (v1 or v2). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const notFound = (what: string, code?: string) => new HttpError(404, `${what} not found`, code);
