import { CopyButton } from "./copy-button";
import { cn } from "./cn";

/** An id in monospace, truncated, with a copy button. */
export function MonoId({ id, label = "id", className }: { id: string; label?: string; className?: string }) {
  return (
    <span className={cn("inline-flex min-w-0 items-center gap-1", className)}>
      <code className="truncate font-mono text-xs text-muted-foreground" title={id}>
        {id}
      </code>
      <CopyButton value={id} label={`Copy ${label}`} />
    </span>
  );
}
