import { LogOut } from "lucide-react";
import { cn } from "@/components/ui/cn";

/** Signs out through a server action (Next checks its origin); compact in the sidebar, a bordered button elsewhere. */
export function SignOutButton({
  action,
  variant = "compact",
  className,
}: {
  action: () => Promise<void>;
  variant?: "compact" | "outlined";
  className?: string;
}) {
  return (
    <form action={action} className={className}>
      <button
        type="submit"
        className={cn(
          "inline-flex items-center rounded-md",
          variant === "compact"
            ? "gap-1 px-2 py-1 text-muted-foreground hover:bg-muted hover:text-foreground"
            : "h-8 gap-1.5 border border-border bg-card px-3 text-sm hover:bg-muted",
        )}
      >
        <LogOut className={variant === "compact" ? "size-3.5" : "size-4"} aria-hidden />
        Sign out
      </button>
    </form>
  );
}
