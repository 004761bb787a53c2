"use client";

import type { Timeline } from "@/lib/hooks/merge-timeline";
import { MessageView } from "./message-view";
import {
  BOTTOM_PADDING_PX,
  TIMELINE_SCROLLER_CLASS,
  TOP_AREA_PX,
  TimelineFooter,
  TimelineStart,
  recordedByOf,
} from "./chat-timeline";

/**
 * The timeline of a chat whose first answer has not shown a part yet (a chat this tab has just created): the same
 * boxes as ChatTimeline's (the top row, each message with its padding, the end padding), laid out in flow instead of by
 * the virtualizer, so the chat view's first renders stay light and the first part goes on screen at once. The chat
 * view swaps in ChatTimeline once that part is drawn (useFullChatView).
 */
export function FirstAnswerTimeline({ timeline }: { timeline: Timeline }) {
  const { entries } = timeline;
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div className={TIMELINE_SCROLLER_CLASS} tabIndex={-1} data-testid="timeline" aria-label="Messages" role="log">
        <div className="mx-auto w-full max-w-3xl" style={{ paddingBottom: BOTTOM_PADDING_PX }}>
          <div className="flex items-center justify-center px-4" style={{ height: TOP_AREA_PX }}>
            <TimelineStart />
          </div>
          {entries.map((entry, index) => (
            <div key={entry.key} data-index={index} className="px-4 pb-6 empty:pb-0">
              <MessageView entry={entry} recordedBy={recordedByOf(entries, index)} />
              {index === entries.length - 1 ? <TimelineFooter timeline={timeline} /> : null}
            </div>
          ))}
          {entries.length === 0 ? (
            <div className="px-4">
              <TimelineFooter timeline={timeline} />
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The composer area's box with the composer's height (its box and the mode row), kept so nothing moves when it mounts. */
export function ComposerSpace() {
  return (
    <div className="border-t border-border bg-background/80 px-4 py-3 backdrop-blur">
      <div className="mx-auto max-w-3xl">
        <div aria-hidden className="h-26" data-testid="composer-space" />
      </div>
    </div>
  );
}
