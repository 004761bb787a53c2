"use client";

import { Lock, LockOpen } from "lucide-react";
import { cn } from "@/components/ui/cn";

export type LockState = "locked" | "unlocked" | "mixed";

/**
 * A file's or folder's lock switch (`data-testid="lock-toggle"`, `aria-pressed` true/false, "mixed" for a
 * folder with some locked files). Pressing it locks everything it covers, or unlocks when all are locked.
 */
export function LockToggle({
  state,
  label,
  onToggle,
  disabled,
  busy,
  disabledReason,
  tabIndex,
  className,
}: {
  state: LockState;
  /** What it covers, for the accessible name ("src/app.ts", "folder src"). */
  label: string;
  onToggle: (locked: boolean) => void;
  disabled?: boolean;
  busy?: boolean;
  disabledReason?: string;
  tabIndex?: number;
  className?: string;
}) {
  const locked = state === "locked";
  const Icon = state === "unlocked" ? LockOpen : Lock;
  const action = locked ? `Unlock ${label}` : `Lock ${label}`;
  return (
    <button
      type="button"
      data-testid="lock-toggle"
      data-state={state}
      aria-pressed={state === "mixed" ? "mixed" : locked}
      aria-label={action}
      aria-busy={busy || undefined}
      title={disabled && disabledReason ? disabledReason : state === "mixed" ? `Some files locked — ${action}` : action}
      disabled={disabled}
      tabIndex={tabIndex}
      onClick={(event) => {
        event.stopPropagation();
        onToggle(!locked);
      }}
      className={cn(
        "inline-flex size-6 shrink-0 items-center justify-center rounded transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50",
        state === "locked" && "text-amber-600 dark:text-amber-400",
        state === "mixed" && "text-amber-600/60 dark:text-amber-400/60",
        state === "unlocked" && "text-muted-foreground/60 hover:text-foreground",
        busy && "animate-pulse",
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden />
    </button>
  );
}
