"use client";

import { useMemo, useSyncExternalStore } from "react";
import { mergeTimeline } from "@/lib/hooks/merge-timeline";
import { pageValue } from "@/lib/hooks/page-value";
import { streamRegistry, type StreamRun } from "@/lib/hooks/stream-registry";
import { ChatHeader } from "./chat-header";
import { ComposerSpace, FirstAnswerTimeline } from "./first-answer-timeline";

/**
 * The new chat this tab is creating, drawn from its stream alone while the service creates it: the prompt at once, the
 * chat's id and the first part as they arrive. One at a time; the chats shell shows it in place of the /chats page
 * (kept mounted underneath, so a refusal shows in the form with the prompt still in its box) until the chat opens.
 */
const current = pageValue<StreamRun | null>(null);

export const newChatDraft = {
  subscribe: current.subscribe,
  get: current.get,
  open: (run: StreamRun) => current.set(run),
  /** Closes this run's draft (not a newer one's). */
  close(run: StreamRun | null) {
    if (run !== null && current.get() === run) current.set(null);
  },
};

/**
 * The draft's view: the chat view's light first render (header, the first-answer timeline, the composer's space) from
 * the stream, so the first part shows the moment it arrives, and the chat view that replaces it (once that part is on
 * screen) draws the same boxes in the same places.
 */
export function NewChatDraft({ run }: { run: StreamRun }) {
  const stream = useSyncExternalStore(streamRegistry.subscribe, run.current, run.current);
  const chatId = stream.chatId ?? "";
  const timeline = useMemo(() => mergeTimeline(chatId, [], stream), [chatId, stream]);
  return (
    <div className="flex h-full min-h-0" data-testid="new-chat-draft">
      <div className="flex min-w-0 flex-1 flex-col">
        <ChatHeader
          chatId={chatId}
          chat={undefined}
          title={stream.state.title ?? stream.state.chat?.title ?? null}
          generating
          branchSource={false}
        />
        <FirstAnswerTimeline timeline={timeline} />
        <ComposerSpace />
      </div>
    </div>
  );
}
