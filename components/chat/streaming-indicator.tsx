import { Spinner } from "@/components/ui/spinner";

/** Shown while the assistant is generating (announced politely to screen readers). */
export function StreamingIndicator({ label = "Generating…" }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="streaming-indicator"
      className="inline-flex items-center gap-2 text-xs text-muted-foreground"
    >
      <Spinner className="size-3.5" />
      {label}
    </div>
  );
}
