import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { durationBetween, formatDuration } from "@/components/ui/format";
import { Spinner } from "@/components/ui/spinner";

interface PartTiming {
  startedAt?: string;
  finishedAt?: string;
}

/** Muted accents per part kind (docs/ui.md): only where colour means something, always with an icon and a label. */
export const ACCENTS = {
  thinking: "text-violet-600 dark:text-violet-400",
  search: "text-sky-600 dark:text-sky-400",
  file: "text-amber-600 dark:text-amber-400",
  bash: "text-slate-600 dark:text-slate-300",
  tool: "text-teal-600 dark:text-teal-400",
  action: "text-indigo-600 dark:text-indigo-400",
  text: "text-muted-foreground",
  unknown: "text-muted-foreground",
} as const;

/** One part of an assistant message: icon, label, timing, then its body. */
export function PartCard({
  kind,
  icon: Icon,
  accent,
  label,
  meta,
  timing,
  running = false,
  children,
  className,
}: {
  kind: string;
  icon: LucideIcon;
  accent: string;
  label: ReactNode;
  meta?: ReactNode;
  timing?: PartTiming;
  running?: boolean;
  children?: ReactNode;
  className?: string;
}) {
  const ms = durationBetween(timing?.startedAt, timing?.finishedAt);
  return (
    <div
      data-testid="part"
      data-kind={kind}
      className={cn("rounded-lg border border-border bg-card text-sm", className)}
    >
      <div className="flex items-center gap-2 px-3 py-2">
        <Icon className={cn("size-4 shrink-0", accent)} aria-hidden />
        <div className="flex min-w-0 flex-1 items-center gap-2">{label}</div>
        {meta}
        {running ? (
          <Spinner className="size-3.5 text-muted-foreground" label="Running" />
        ) : ms !== null ? (
          <span className="shrink-0 text-xs text-muted-foreground tabular-nums" title="Duration">
            {formatDuration(ms)}
          </span>
        ) : null}
      </div>
      {children ? <div className="border-t border-border px-3 py-2">{children}</div> : null}
    </div>
  );
}

/** A small label chip (never the only carrier of meaning: it always has text). */
export function Badge({
  children,
  tone = "neutral",
  title,
}: {
  children: ReactNode;
  tone?: "neutral" | "danger" | "success";
  title?: string;
}) {
  return (
    <span
      title={title}
      className={cn(
        "inline-flex shrink-0 items-center rounded px-1.5 py-0.5 text-[11px] font-medium leading-none",
        tone === "neutral" && "bg-muted text-muted-foreground",
        tone === "danger" && "bg-danger-muted text-danger ring-1 ring-danger-border",
        tone === "success" && "bg-muted text-success",
      )}
    >
      {children}
    </span>
  );
}

/** Whether a part is still running: it started, has not finished, and its message is still generating. */
export function isRunning(timing: PartTiming, streaming: boolean): boolean {
  return streaming && !!timing.startedAt && !timing.finishedAt;
}
