"use client";

import { Bot, ChartGantt } from "lucide-react";
import { useState } from "react";
import { CONTEXT_SUMMARY_ACTION, type Part, type TextPart } from "@/lib/api/schemas";
import type { TimelineEntry } from "@/lib/hooks/merge-timeline";
import { RelativeTime } from "@/components/ui/relative-time";
import { Markdown } from "./parts/markdown";
import { BranchButton } from "./branch-button";
import { RestoreFilesButton } from "./restore/restore-files-button";
import { Badge } from "./parts/part-card";
import { PartItem } from "./parts/part-view";
import { useCanWrite } from "@/lib/hooks/person";
import { StreamError } from "./stream-error";
import { StreamingIndicator } from "./streaming-indicator";
import { UsageLine } from "./usage-line";
import { Waterfall } from "./waterfall";

const FINISH_LABEL: Record<string, string> = {
  length: "Stopped: output length limit",
  "content-filter": "Stopped by the content filter",
  "tool-calls": "Waiting for your answer",
  error: "Finished with an error",
  other: "Stopped (other reason)",
  unknown: "Stopped (unknown reason)",
};

/** A folded summary of earlier messages (its text is `data.summary`), or null. */
function summaryText(part: Part): string | null {
  if (part.type !== "agent-action" || (part as { name?: unknown }).name !== CONTEXT_SUMMARY_ACTION) return null;
  const data = (part as { data?: unknown }).data;
  const summary = data && typeof data === "object" ? (data as { summary?: unknown }).summary : undefined;
  return typeof summary === "string" ? summary.trim() : null;
}

/**
 * The closing content, unless it repeats the text parts (the service often sends the summary both as the
 * last text part and as `content`) or a summary of earlier messages that stays folded ("Compact now").
 */
function closingContent(content: string, parts: readonly Part[]): string {
  const trimmed = content.trim();
  if (!trimmed) return "";
  const texts = parts
    .filter((p): p is TextPart => p.type === "text" && typeof (p as TextPart).text === "string")
    .map((p) => p.text.trim());
  if (texts.includes(trimmed) || texts.join("\n\n") === trimmed) return "";
  if (parts.some((p) => summaryText(p) === trimmed)) return "";
  return content;
}

const hasTiming = (parts: readonly Part[]) => parts.some((p) => typeof p?.startedAt === "string");

/**
 * An assistant message: its parts in order (or their waterfall over time), then its closing content, usage and
 * finish state. Parts are memoized items keyed by index: a stream delta re-renders only the part it changed.
 */
export function AssistantMessage({ entry }: { entry: TimelineEntry }) {
  const { message, streaming, error } = entry;
  const [waterfall, setWaterfall] = useState(false);
  const canWrite = useCanWrite();
  const parts = message.parts ?? [];
  const finish = message.finishReason;
  const content = closingContent(message.content, parts);
  // Parts are live while the stream runs, and while a polled (async) message has not finished.
  const active = streaming || finish == null;
  const canWaterfall = parts.length > 0 && hasTiming(parts);
  return (
    <article
      data-testid="message"
      data-role="assistant"
      data-message-id={message.id}
      data-streaming={streaming ? "true" : undefined}
      aria-label="Assistant message"
      aria-busy={streaming}
      className="flex flex-col gap-2"
    >
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <Bot className="size-3.5" aria-hidden />
        <span className="font-medium text-foreground">Agent</span>
        <RelativeTime iso={message.createdAt} />
        {finish && finish !== "stop" ? (
          <Badge tone={finish === "error" ? "danger" : "neutral"} title={`finishReason: ${finish}`}>
            {FINISH_LABEL[finish] ?? finish}
          </Badge>
        ) : null}
        {canWaterfall ? (
          <button
            type="button"
            onClick={() => setWaterfall((v) => !v)}
            aria-pressed={waterfall}
            data-testid="waterfall-toggle"
            title={waterfall ? "Show the steps" : "Show the steps over time (waterfall)"}
            className="ml-auto inline-flex items-center gap-1 rounded px-1.5 py-0.5 hover:bg-muted hover:text-foreground aria-pressed:bg-muted aria-pressed:text-foreground"
          >
            <ChartGantt className="size-3.5" aria-hidden />
            Waterfall
          </button>
        ) : null}
      </div>
      {waterfall && canWaterfall ? (
        <Waterfall parts={parts} />
      ) : (
        <div className="flex flex-col gap-2">
          {parts.map((part, index) => (
            <PartItem key={index} index={index} part={part} streaming={active} chatId={message.chatId || undefined} />
          ))}
        </div>
      )}
      {content ? (
        <div data-testid="message-content" className="px-1 text-[0.95rem]">
          <Markdown text={content} />
        </div>
      ) : null}
      {error ? <StreamError error={error} /> : null}
      {streaming ? <StreamingIndicator /> : null}
      {message.usage ? <UsageLine usage={message.usage} /> : null}
      {!streaming && message.id && canWrite ? (
        <div className="flex flex-wrap items-center gap-2">
          <RestoreFilesButton messageId={message.id} />
          {message.chatId ? <BranchButton message={message} /> : null}
        </div>
      ) : null}
    </article>
  );
}
