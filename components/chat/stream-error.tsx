import { TriangleAlert } from "lucide-react";

/** An `error` event of the stream, inline in the message it concerns. */
export function StreamError({ error }: { error: { message: string; code?: string } }) {
  return (
    <div
      role="alert"
      data-testid="stream-error"
      className="flex items-start gap-2 rounded-lg border border-danger-border bg-danger-muted px-3 py-2 text-sm"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
      <div className="min-w-0">
        <p>
          <span className="font-medium text-danger">The generation failed: </span>
          {error.message}
          {error.code ? <code className="ml-2 font-mono text-xs text-muted-foreground">{error.code}</code> : null}
        </p>
        <p className="text-muted-foreground">Send a follow-up to try again.</p>
      </div>
    </div>
  );
}
