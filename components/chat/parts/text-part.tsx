import type { TextPart } from "@/lib/api/schemas";
import { cn } from "@/components/ui/cn";
import { durationBetween, formatDuration } from "@/components/ui/format";
import { Markdown } from "./markdown";
import { str } from "./values";

/** The agent's prose (Markdown). No card header: it reads as the answer itself; its duration sits below it. */
export function TextPartView({ part, streaming }: { part: TextPart; streaming: boolean }) {
  const typing = streaming && !part.finishedAt;
  const ms = durationBetween(part.startedAt, part.finishedAt);
  return (
    <div data-testid="part" data-kind="text" className={cn("px-1 text-[0.95rem]", typing && "streaming-caret")}>
      <Markdown text={str(part.text)} />
      {ms !== null ? (
        <div className="mt-1 text-right text-[11px] text-muted-foreground tabular-nums" title="Duration of this text">
          {formatDuration(ms)}
        </div>
      ) : null}
    </div>
  );
}
