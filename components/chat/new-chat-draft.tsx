"use client";

import { useMemo, useSyncExternalStore } from "react";
import { mergeTimeline } from "@/lib/hooks/merge-timeline";
import { pageValue } from "@/lib/hooks/page-value";
import { streamRegistry, type StreamRun } from "@/lib/hooks/stream-registry";
import { ChatHeader } from "./chat-header";
import { ComposerSpace, FirstAnswerTimeline } from "./first-answer-timeline";

/**
 * The new chat this tab is creating, drawn from its stream alone while the service creates it. One at a time; the chats
 * shell shows it in place of the /chats page (kept mounted underneath, so a refusal shows in the form with the prompt
 * still in its box) until the chat opens.
 *
 * It shows with the answer's first part, or DRAFT_WITHOUT_PART_MS after Enter without one (still instant to the eye),
 * and nothing is drawn before: where the browser shares a machine's cores with the server, or runs on a slow one,
 * drawing right after sending makes the first part arrive later (docs/dashboard.md has the figures). The prompt stays
 * in its box meanwhile.
 */
export const DRAFT_WITHOUT_PART_MS = 50;

interface Draft {
  run: StreamRun;
  /** On screen (with its first part, or after DRAFT_WITHOUT_PART_MS). */
  shown: boolean;
}

const current = pageValue<Draft | null>(null);
let showTimer: ReturnType<typeof setTimeout> | undefined;

function show(run: StreamRun) {
  clearTimeout(showTimer);
  if (current.get()?.run === run && !current.get()!.shown) current.set({ run, shown: true });
}

export const newChatDraft = {
  subscribe: current.subscribe,
  get: current.get,
  /** The run being drafted (shown or about to be). */
  run: () => current.get()?.run ?? null,
  open(run: StreamRun) {
    clearTimeout(showTimer);
    current.set({ run, shown: false });
    showTimer = setTimeout(() => show(run), DRAFT_WITHOUT_PART_MS);
    void run.firstPart.then((hasPart) => hasPart && show(run));
  },
  /** Closes this run's draft (not a newer one's). */
  close(run: StreamRun | null) {
    if (run === null || current.get()?.run !== run) return;
    clearTimeout(showTimer);
    current.set(null);
  },
};

/**
 * The draft's view: the chat view's light first render (header, the first-answer timeline, the composer's space) from
 * the stream (the prompt, the chat's id and title, the parts so far), and the chat view that replaces it (once the
 * first part is on screen) draws the same boxes in the same places. The header says "Generating…" once the service has
 * created the chat.
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
          generating={stream.chatId !== null}
          branchSource={false}
        />
        <FirstAnswerTimeline timeline={timeline} />
        <ComposerSpace />
      </div>
    </div>
  );
}
