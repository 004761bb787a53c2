"use client";

import { ChevronRight, FoldVertical } from "lucide-react";
import { useId, useState } from "react";
import type { AgentActionPart } from "@/lib/api/schemas";
import { cn } from "@/components/ui/cn";
import { formatNumber } from "@/components/ui/format";
import { ACCENTS, PartCard, isRunning } from "./part-card";
import { isRecord, str } from "./values";

/**
 * A summary of earlier messages (the `agent-action` named `context_summary`): folded to "Earlier messages
 * summarised" with how many, opened on demand to read the summary the agent reads instead of them.
 */
export function ContextSummaryPartView({ part, streaming }: { part: AgentActionPart; streaming: boolean }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const data: Record<string, unknown> = isRecord(part.data) ? part.data : {};
  const count = typeof data.summarised === "number" ? data.summarised : null;
  const before = typeof data.tokensBefore === "number" ? data.tokensBefore : null;
  const after = typeof data.tokensAfter === "number" ? data.tokensAfter : null;
  return (
    <PartCard
      kind="agent-action"
      icon={FoldVertical}
      accent={ACCENTS.action}
      className="border-dashed bg-muted/40"
      label={
        <button
          type="button"
          data-testid="context-summary"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls={bodyId}
          className="inline-flex min-w-0 items-center gap-1 rounded font-medium hover:text-foreground"
        >
          Earlier messages summarised
          {count !== null ? (
            <span className="font-normal text-muted-foreground">
              ({formatNumber(count)} message{count === 1 ? "" : "s"})
            </span>
          ) : null}
          <ChevronRight
            className={cn("size-3.5 text-muted-foreground transition-transform", open && "rotate-90")}
            aria-hidden
          />
          <span className="sr-only">{open ? "(collapse)" : "(expand)"}</span>
        </button>
      }
      timing={part}
      running={isRunning(part, streaming)}
    >
      {open ? (
        <div id={bodyId} data-testid="context-summary-text" className="space-y-2">
          <p className="text-xs text-muted-foreground">
            The agent reads this summary instead of the messages before it
            {before !== null && after !== null
              ? ` (about ${formatNumber(before)} tokens of context became ${formatNumber(after)})`
              : ""}
            ; they stay here for you.
          </p>
          <p className="whitespace-pre-wrap break-words">{str(data.summary)}</p>
        </div>
      ) : null}
    </PartCard>
  );
}
