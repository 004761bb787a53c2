import { Eye } from "lucide-react";
import { cn } from "@/components/ui/cn";

/** Where a viewer would find the composer or an editing control: what they can and cannot do. */
export function ReadOnlyNote({ className, children }: { className?: string; children?: string }) {
  return (
    <p
      className={cn(
        "flex items-center gap-2 rounded-lg border border-border bg-muted/50 px-3 py-2.5 text-sm text-muted-foreground",
        className,
      )}
      data-testid="read-only-note"
    >
      <Eye className="size-4 shrink-0" aria-hidden />
      <span>You have read-only access (viewer).{children ? ` ${children}` : ""}</span>
    </p>
  );
}
