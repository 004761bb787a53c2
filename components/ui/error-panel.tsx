import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { ServiceError } from "@/lib/api/errors";
import { retryAfterText } from "@/lib/api/retry-after";
import { Button } from "./button";
import { cn } from "./cn";
import { Disclosure } from "./disclosure";
import { JsonView } from "./json-view";

/**
 * What to tell the user for an error: its message, the service status and code, and what to do (for a 429 with
 * `Retry-After`, e.g. a daily quota: "Try again in 12 minutes (at 14:32 UTC).").
 */
export function describeError(
  error: unknown,
  now: number = Date.now(),
): {
  message: string;
  status?: number;
  code?: string;
  hint: string;
  body?: unknown;
} {
  if (error instanceof ServiceError && error.status === 0) {
    return {
      message: error.message,
      code: error.code,
      hint: "The dashboard server could not be reached: check your connection and try again.",
    };
  }
  if (error instanceof ServiceError) {
    const hint =
      error.status === 401
        ? "Your session may have ended: sign in again."
        : error.status === 404
          ? "It may have been deleted, or the link is wrong."
          : error.status === 429
            ? error.retryAfter !== undefined
              ? `The service refuses more for now (a rate limit or a daily quota). ${retryAfterText(error.retryAfter, now)}`
              : "The service is rate-limiting: wait a moment and try again."
            : error.status >= 500
              ? "The service had a problem: try again in a moment."
              : "Check the request and try again.";
    return {
      message: error.userMessage || error.message,
      status: error.status,
      code: error.code,
      hint,
      body: error.body,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message, hint: "Check your connection and try again." };
}

/** An inline error: message, status/code, a hint, a retry action and the raw body under "Details". */
export function ErrorPanel({
  error,
  title = "Something went wrong",
  onRetry,
  className,
  children,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  className?: string;
  children?: ReactNode;
}) {
  const d = describeError(error);
  return (
    <div role="alert" className={cn("rounded-lg border border-danger-border bg-danger-muted p-4 text-sm", className)}>
      <div className="flex items-start gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="font-medium text-danger">{title}</p>
          <p className="break-words">
            {d.message}
            {d.status !== undefined || d.code ? (
              <span className="ml-2 font-mono text-xs text-muted-foreground">
                {[d.status !== undefined ? `HTTP ${d.status}` : null, d.code].filter(Boolean).join(" · ")}
              </span>
            ) : null}
          </p>
          <p className="text-muted-foreground">{d.hint}</p>
          {children}
          {d.body !== undefined ? (
            <Disclosure summary="Details">
              <JsonView value={d.body} />
            </Disclosure>
          ) : null}
        </div>
        {onRetry ? (
          <Button size="sm" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </div>
    </div>
  );
}
