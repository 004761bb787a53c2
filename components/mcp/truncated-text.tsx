"use client";

import { useState } from "react";
import { cn } from "@/components/ui/cn";

/** Untrusted text shown as text (never HTML); past `limit` characters it is cut, with "Show more". */
export function TruncatedText({
  text,
  limit = 280,
  className,
  testId,
}: {
  text: string;
  limit?: number;
  className?: string;
  testId?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > limit;
  const shown = !long || expanded ? text : `${text.slice(0, limit).trimEnd()}…`;
  return (
    <div className={cn("space-y-1", className)}>
      <p data-testid={testId} className="font-mono text-xs break-words whitespace-pre-wrap [overflow-wrap:anywhere]">
        {shown}
      </p>
      {long ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
          className="text-xs font-medium text-muted-foreground underline-offset-2 hover:text-foreground hover:underline"
        >
          {expanded ? "Show less" : `Show more (${text.length.toLocaleString("en-US")} characters)`}
        </button>
      ) : null}
    </div>
  );
}
