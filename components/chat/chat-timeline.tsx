"use client";

import { useEffect, useLayoutEffect, useRef } from "react";
import type { Timeline } from "@/lib/hooks/merge-timeline";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { MessageView } from "./message-view";
import { StreamError } from "./stream-error";
import { StreamingIndicator } from "./streaming-indicator";

const NEAR_BOTTOM_PX = 160;

export function TimelineSkeleton() {
  return (
    <div aria-label="Loading messages" aria-busy className="space-y-6">
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

/**
 * Messages oldest → newest in a scroll area that follows new content while the reader is at the bottom.
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
  const pinned = useRef(true);
  const initial = useRef(true);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || loading) return;
    if (pinned.current || initial.current) {
      el.scrollTop = el.scrollHeight;
      initial.current = false;
    }
  }, [timeline, loading]);

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto" data-testid="timeline">
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
        {hasEarlier ? (
          <div className="flex justify-center">
            <Button size="sm" variant="ghost" onClick={onLoadEarlier} disabled={loadingEarlier}>
              {loadingEarlier ? <Spinner /> : null}
              Load earlier messages
            </Button>
          </div>
        ) : null}
        {loading ? <TimelineSkeleton /> : null}
        {error && !loading ? <ErrorPanel error={error} title="The messages could not be loaded" onRetry={onRetry} /> : null}
        {timeline.entries.map((entry) => (
          <MessageView key={entry.key} entry={entry} />
        ))}
        {timeline.waitingForAssistant ? <StreamingIndicator label="The agent is starting…" /> : null}
        {timeline.streamError ? <StreamError error={timeline.streamError} /> : null}
        {timeline.failure ? <ErrorPanel error={timeline.failure} title="The message could not be sent" /> : null}
        {!loading && !error && timeline.entries.length === 0 && !timeline.waitingForAssistant ? (
          <p className="py-12 text-center text-sm text-muted-foreground">No messages yet — describe what to build below.</p>
        ) : null}
      </div>
    </div>
  );
}
