"use client";

import { Brain, ChevronRight } from "lucide-react";
import { useId, useState } from "react";
import type { ThinkingPart } from "@/lib/api/schemas";
import { cn } from "@/components/ui/cn";
import { ACCENTS, PartCard, isRunning } from "./part-card";
import { str } from "./values";

/**
 * The reasoning trace: open while the message is being generated, collapsed to its first line once the
 * message finished (the reader can open it again). The duration is in the card's header.
 */
export function ThinkingPartView({ part, streaming }: { part: ThinkingPart; streaming: boolean }) {
  const [choice, setChoice] = useState<boolean | null>(null);
  const bodyId = useId();
  const text = str(part.text);
  const running = isRunning(part, streaming);
  const open = choice ?? streaming;
  return (
    <PartCard
      kind="thinking"
      icon={Brain}
      accent={ACCENTS.thinking}
      label={
        <button
          type="button"
          onClick={() => setChoice(!open)}
          aria-expanded={open}
          aria-controls={bodyId}
          className="inline-flex min-w-0 items-center gap-1 rounded font-medium hover:text-foreground"
        >
          {running ? "Thinking…" : "Thought"}
          <ChevronRight
            className={cn("size-3.5 text-muted-foreground transition-transform", open && "rotate-90")}
            aria-hidden
          />
          <span className="sr-only">{open ? "(collapse)" : "(expand)"}</span>
        </button>
      }
      timing={part}
      running={running}
    >
      {text ? (
        <p
          id={bodyId}
          data-testid="thinking-text"
          data-collapsed={open ? undefined : "true"}
          className={cn("whitespace-pre-wrap break-words text-muted-foreground italic", !open && "line-clamp-1")}
        >
          {text}
        </p>
      ) : null}
    </PartCard>
  );
}
