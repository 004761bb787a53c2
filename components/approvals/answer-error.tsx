import { CircleAlert } from "lucide-react";
import { ServiceError } from "@/lib/api/errors";

/** Why an answer failed (not a 409: that one closes the dialog), with what to do. */
export function AnswerError({ error }: { error: Error | null }) {
  if (!error) return null;
  const status = error instanceof ServiceError && error.status ? ` (HTTP ${error.status})` : "";
  return (
    <p
      role="alert"
      className="flex gap-2 rounded-md border border-danger-border bg-danger-muted px-3 py-2 text-sm text-danger"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        The answer was not accepted{status}: {error.message} Try again.
      </span>
    </p>
  );
}
