"use client";

import { Brain } from "lucide-react";
import { useState } from "react";
import type { ThinkingPart } from "@/lib/api/schemas";
import { cn } from "@/components/ui/cn";
import { ACCENTS, PartCard, isRunning } from "./part-card";

const SHORT = 240;

/** The reasoning trace: the first lines, expandable; in full while it is still being written. */
export function ThinkingPartView({ part, streaming }: { part: ThinkingPart; streaming: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const text = part.text ?? "";
  const running = isRunning(part, streaming);
  const long = text.length > SHORT && !running;
  return (
    <PartCard
      kind="thinking"
      icon={Brain}
      accent={ACCENTS.thinking}
      label={<span className="font-medium">{running ? "Thinking…" : "Thought"}</span>}
      timing={part}
      running={running}
    >
      <p className={cn("whitespace-pre-wrap text-muted-foreground italic", long && !expanded && "line-clamp-2")}>{text}</p>
      {long ? (
        <button
          type="button"
          onClick={() => setExpanded((v) => !v)}
          aria-expanded={expanded}
          className="mt-1 rounded text-xs text-muted-foreground underline-offset-2 hover:text-foreground hover:underline"
        >
          {expanded ? "Show less" : "Show all reasoning"}
        </button>
      ) : null}
    </PartCard>
  );
}
