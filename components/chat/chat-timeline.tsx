"use client";

import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from "@tanstack/react-virtual";
import { ArrowDown } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import type { Message } from "@/lib/api/schemas";
import type { Timeline, TimelineEntry } from "@/lib/hooks/merge-timeline";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { mayRecordHandEdit } from "@/lib/api/hand-edit";
import { MessageView } from "./message-view";
import { StreamError } from "./stream-error";
import { StreamingIndicator } from "./streaming-indicator";

/** Within this many pixels of the end the timeline counts as "at the latest" and follows new content. */
const END_THRESHOLD_PX = 120;
/** Height of the area above the first message (the "load earlier" row). */
export const TOP_AREA_PX = 56;
export const BOTTOM_PADDING_PX = 24;
/** The scroll area's classes (the first-answer timeline draws the same box). */
export const TIMELINE_SCROLLER_CLASS = "min-h-0 flex-1 overflow-y-auto outline-none [overflow-anchor:none]";

function TimelineSkeleton() {
  return (
    <div role="status" aria-label="Loading messages" aria-busy className="space-y-6">
      <div className="flex justify-end">
        <Skeleton className="h-10 w-2/3 rounded-2xl" />
      </div>
      <div className="space-y-2">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-16 w-5/6" />
      </div>
    </div>
  );
}

/** The scroll area's size; before it has a layout (0 high) the window's height stands in, so rows still render. */
function observeRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) {
  return observeElementRect(instance, (rect) =>
    cb(rect.height > 0 ? rect : { width: rect.width, height: window.innerHeight || 800 }),
  );
}

/** A first guess of a message's height (real heights are measured as rows render). */
function estimateHeight(entry: TimelineEntry | undefined): number {
  if (!entry) return 120;
  if (entry.message.role === "user") return 64 + Math.min(400, Math.ceil(entry.message.content.length / 80) * 24);
  return 96 + (entry.message.parts?.length ?? 0) * 52 + (entry.message.content ? 120 : 0);
}

/** What follows the last message: "starting", an error event of the chat, a send that failed. */
export function TimelineFooter({ timeline }: { timeline: Timeline }) {
  const items: ReactNode[] = [];
  if (timeline.waitingForAssistant) items.push(<StreamingIndicator key="wait" label="The agent is starting…" />);
  if (timeline.streamError) items.push(<StreamError key="error" error={timeline.streamError} />);
  if (timeline.failure)
    items.push(<ErrorPanel key="failure" error={timeline.failure} title="The message could not be sent" />);
  return items.length ? <div className="flex flex-col gap-3 pt-6">{items}</div> : null;
}

/** For a user message: the next message when it may record a hand edit (MessageView's `recordedBy`). */
export function recordedByOf(entries: readonly TimelineEntry[], index: number): Message | undefined {
  const next = entries[index + 1]?.message;
  return entries[index]!.message.role === "user" && next && mayRecordHandEdit(next) ? next : undefined;
}

/** The row above the first message when there is nothing earlier to load. */
export function TimelineStart() {
  return (
    <span className="text-xs text-muted-foreground" data-testid="timeline-start">
      Beginning of the chat
    </span>
  );
}

/**
 * Messages oldest → newest, virtualized (only the rows near the viewport are in the DOM). Opens at the latest
 * message and follows new content while the reader is at the end; older pages load when the first row comes
 * into view and the reading position stays put (end anchoring); "Jump to latest" shows when scrolled up.
 */
export function ChatTimeline({
  timeline,
  loading,
  error,
  onRetry,
  hasEarlier,
  loadingEarlier,
  onLoadEarlier,
}: {
  timeline: Timeline;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const entries = timeline.entries;
  const count = entries.length;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    observeElementRect: observeRect,
    estimateSize: (index) => estimateHeight(entries[index]),
    getItemKey: (index) => entries[index]?.key ?? index,
    anchorTo: "end",
    followOnAppend: true,
    scrollEndThreshold: END_THRESHOLD_PX,
    paddingStart: TOP_AREA_PX,
    paddingEnd: BOTTOM_PADDING_PX,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();

  // Open at the latest message once the first page is there.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || loading || count === 0) return;
    opened.current = true;
    virtualizer.scrollToEnd();
  }, [loading, count, virtualizer]);

  // Older messages: load the next page when the first row is rendered (in view or just above it).
  const firstRendered = items[0]?.index;
  useEffect(() => {
    if (!opened.current || firstRendered !== 0 || !hasEarlier || loadingEarlier || error) return;
    onLoadEarlier();
  }, [firstRendered, hasEarlier, loadingEarlier, error, onLoadEarlier]);

  const atEnd = count === 0 || virtualizer.isAtEnd(END_THRESHOLD_PX);
  const jumpToLatest = () => {
    virtualizer.scrollToEnd();
    scroller.current?.focus({ preventScroll: true });
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        tabIndex={-1}
        className={TIMELINE_SCROLLER_CLASS}
        data-testid="timeline"
        aria-label="Messages"
        role="log"
        aria-busy={loading || loadingEarlier}
      >
        {loading || (error && count === 0) || (!loading && count === 0) ? (
          <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
            {loading ? <TimelineSkeleton /> : null}
            {error && !loading ? (
              <ErrorPanel error={error} title="The messages could not be loaded" onRetry={onRetry} />
            ) : null}
            {!loading && !error && count === 0 && !timeline.waitingForAssistant ? (
              <p className="py-12 text-center text-sm text-muted-foreground">
                No messages yet — describe what to build below.
              </p>
            ) : null}
            {!loading && count === 0 ? <TimelineFooter timeline={timeline} /> : null}
          </div>
        ) : (
          <div className="relative mx-auto w-full max-w-3xl" style={{ height: virtualizer.getTotalSize() }}>
            <div
              className="absolute inset-x-0 top-0 flex items-center justify-center px-4"
              style={{ height: TOP_AREA_PX }}
            >
              {error ? (
                <p role="alert" className="flex items-center gap-2 text-xs text-danger">
                  Earlier messages could not be loaded.
                  <Button size="sm" variant="ghost" onClick={onRetry}>
                    Retry
                  </Button>
                </p>
              ) : hasEarlier ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={onLoadEarlier}
                  disabled={loadingEarlier}
                  data-testid="load-earlier"
                >
                  {loadingEarlier ? <Spinner /> : null}
                  Load earlier messages
                </Button>
              ) : (
                <TimelineStart />
              )}
            </div>
            {items.map((item) => {
              const entry = entries[item.index]!;
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="absolute inset-x-0 top-0 px-4 pb-6 empty:pb-0"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <MessageView entry={entry} recordedBy={recordedByOf(entries, item.index)} />
                  {item.index === count - 1 ? <TimelineFooter timeline={timeline} /> : null}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {!atEnd ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={jumpToLatest}
          data-testid="jump-to-latest"
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full shadow-md"
        >
          <ArrowDown className="size-4" aria-hidden />
          Jump to latest
        </Button>
      ) : null}
    </div>
  );
}
