"use client";

import { useId } from "react";
import type { ChatContext } from "@/lib/api/schemas";
import { cn } from "@/components/ui/cn";
import { formatNumber } from "@/components/ui/format";
import { useChatContext } from "@/lib/hooks/use-spend";

const RADIUS = 7;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A ring filled to `percent` (capped at 100). */
function Ring({ percent, warn }: { percent: number; warn: boolean }) {
  const filled = (Math.min(100, percent) / 100) * CIRCUMFERENCE;
  return (
    <svg viewBox="0 0 18 18" className="size-4 -rotate-90" aria-hidden>
      <circle cx="9" cy="9" r={RADIUS} fill="none" strokeWidth="2.5" className="stroke-border" />
      <circle
        cx="9"
        cy="9"
        r={RADIUS}
        fill="none"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeDasharray={`${filled} ${CIRCUMFERENCE}`}
        className={warn ? "stroke-amber-500" : "stroke-muted-foreground"}
      />
    </svg>
  );
}

/** The figures behind the meter, one line each. */
function Details({ context, id }: { context: ChatContext; id: string }) {
  const { tokens, window, percent, warnAt, compactAt, willCompact, summary } = context;
  return (
    <div
      id={id}
      role="tooltip"
      data-testid="context-meter-details"
      className="pointer-events-none absolute right-0 bottom-full z-20 mb-2 hidden w-72 rounded-lg border border-border bg-card p-3 text-xs shadow-lg group-focus-within:block group-hover:block"
    >
      <p className="font-medium text-foreground">
        Context of the next answer: {formatNumber(tokens.total)} of {formatNumber(window)} tokens ({percent}%)
      </p>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-muted-foreground">
        <dt>Instructions, files and tools</dt>
        <dd className="text-right tabular-nums">{formatNumber(tokens.system)}</dd>
        <dt>{summary ? "Summary and later messages" : "Earlier messages"}</dt>
        <dd className="text-right tabular-nums">{formatNumber(tokens.history)}</dd>
        <dt>This message</dt>
        <dd className="text-right tabular-nums">{formatNumber(tokens.prompt)}</dd>
      </dl>
      <p className="mt-2 text-muted-foreground">
        {willCompact
          ? `Past ${compactAt}%: the next answer first summarises the older messages and reads the summary instead.`
          : percent >= warnAt
            ? `Past ${warnAt}% of the model's window.`
            : `Past ${compactAt}% the older messages are summarised before an answer.`}{" "}
        Estimated at about 4 characters a token.
      </p>
    </div>
  );
}

/**
 * Beside the composer: how full the model's context would be for the next answer with the draft being typed, against
 * the model's window; the figures on hover or focus, amber past 80%. Nothing when the deployment does not say.
 */
export function ContextMeter({ chatId, draft }: { chatId: string; draft: string }) {
  const { context, unsupported } = useChatContext(chatId, draft);
  const detailsId = useId();
  if (unsupported || !context) return null;
  const warn = context.percent >= context.warnAt;
  const label = `Context ${context.percent}% of the model's window`;
  return (
    <div className="group relative">
      <button
        type="button"
        data-testid="context-meter"
        data-level={warn ? "warning" : "ok"}
        data-percent={context.percent}
        aria-label={label}
        aria-describedby={detailsId}
        className={cn(
          "inline-flex h-7 items-center gap-1.5 rounded-md px-1.5 text-xs tabular-nums hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
          warn ? "font-medium text-amber-700 dark:text-amber-400" : "text-muted-foreground",
        )}
      >
        <Ring percent={context.percent} warn={warn} />
        {Math.round(context.percent)}%{warn ? <span className="sr-only"> (past {context.warnAt}%)</span> : null}
      </button>
      <Details context={context} id={detailsId} />
    </div>
  );
}
