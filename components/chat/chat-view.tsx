"use client";

import { useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { mergeTimeline } from "@/lib/hooks/merge-timeline";
import { useCanWrite } from "@/lib/hooks/person";
import { useChat } from "@/lib/hooks/use-chat";
import { useActiveStream } from "@/lib/hooks/use-chat-mutations";
import { isLiveStream } from "@/lib/hooks/stream-registry";
import { unfinishedNewest, useFollowMessage } from "@/lib/hooks/use-follow-message";
import { useMessages } from "@/lib/hooks/use-messages";
import { useResumeGeneration } from "@/lib/hooks/use-resume";
import { ErrorPanel } from "@/components/ui/error-panel";
import { ApprovalBanner } from "@/components/approvals/approval-banner";
import { ReadOnlyNote } from "@/components/people/read-only-note";
import { openSidePanelTab } from "@/components/chat/chat-navigation";
import { ChatSidePanel } from "@/components/chat/chat-side-panel";
import { ChatHeader, UNTITLED_PAGE_TITLE } from "./chat-header";
import { ChatUsageTotal } from "./chat-usage-total";
import { ChatTimeline } from "./chat-timeline";
import { Composer } from "./composer";
import { ComposerSpace, FirstAnswerTimeline } from "./first-answer-timeline";
import { useFullChatView } from "./use-full-chat-view";
import { RestoreTargetsProvider } from "./restore/restore-context";
import { restoreTargetsOf } from "./restore/restore-targets";

/**
 * The page title follows the chat's title, live while it is generated. Next applies the route's static
 * metadata title after navigations, so the title is re-asserted whenever the head's <title> changes.
 */
function useDocumentTitle(title: string | null) {
  useEffect(() => {
    const wanted = `${title || UNTITLED_PAGE_TITLE} · Atelier`;
    const apply = () => {
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [title]);
}

/**
 * The chat page: header, the timeline (live while generating), the composer, and side panels.
 * Layout: [main column: header / timeline / composer area] [side panels]. Banners about the chat's state
 * (e.g. a pending approval) belong in the composer area above the composer; the right panel (files, preview,
 * details) is a sibling of the main column.
 *
 * Following a generation: this tab's stream (registry, survives navigation) when there is one; otherwise a
 * newest assistant message still generating (async sends, reloads, other tabs) is resumed as a stream
 * (POST …/resume), or polled by id where the service cannot resume.
 */
export function ChatView({ chatId }: { chatId: string }) {
  const chat = useChat(chatId);
  const canWrite = useCanWrite();
  const stream = useActiveStream(chatId);
  const streaming = isLiveStream(stream);
  const messages = useMessages(chatId);
  const unfinished = unfinishedNewest(messages.messages);
  // A message this tab's stream followed to its end is finished, even while the cached list still has it generating.
  const endedHere = stream?.status === "done" && unfinished !== null && stream.state.message?.id === unfinished.id;
  const following = streaming || endedHere ? null : (unfinished?.id ?? null);
  useResumeGeneration(chatId, following); // re-attach with a stream where the service can
  useFollowMessage(chatId, following); // else (and until then) poll the message

  const timeline = useMemo(() => mergeTimeline(chatId, messages.messages, stream), [chatId, messages.messages, stream]);
  const generating = streaming || (unfinished !== null && !endedHere);
  const generatingId = (streaming ? stream?.state.message?.id : null) ?? unfinished?.id ?? null;
  const shown = useMemo(() => timeline.entries.map((e) => e.message), [timeline]);
  const restore = useMemo(
    () => ({ chatId, targets: restoreTargetsOf(messages.messages), generating }),
    [chatId, messages.messages, generating],
  );
  // A live stream's title is the newest; once it ended, the stored chat is (it may have been renamed since).
  const title =
    (streaming ? stream?.state.title : null) ??
    chat.data?.title ??
    stream?.state.title ??
    stream?.state.chat?.title ??
    null;
  useDocumentTitle(chat.data || title ? title : null);

  // Reads the first part does not need (the side panel's files and versions, the header's branch source) would
  // compete on the server with the agent's first step: the server answers them in the same process, between the
  // stream's events. A chat opened while this tab's stream has no part yet (a chat just created) makes them once the
  // first part is on screen (deferred: the part is drawn first, the rest in a render of its own).
  const noPartYet = streaming && !stream?.state.message?.parts?.length;
  const waitingForFirstPart = useDeferredValue(noPartYet);
  const [firstPartShown, setFirstPartShown] = useState(!waitingForFirstPart);
  if (!firstPartShown && !waitingForFirstPart) setFirstPartShown(true);
  // A chat just created is drawn light first: its first part goes on screen before the rest of the view mounts (on the
  // stream itself, not on the deferred value: every stream event can interrupt the deferred render until the end).
  // (A chat opened with its first part already drawn, by the new chat's draft, mounts whole at once.)
  const full = useFullChatView(streaming && messages.messages.length === 0 && noPartYet, !noPartYet);

  const { refetch, fetchNextPage } = messages;
  const onRetry = useCallback(() => void refetch(), [refetch]);
  const showDetails = useCallback(() => openSidePanelTab("details"), []);
  const onLoadEarlier = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  if (chat.error && !chat.data) {
    return (
      <div className="mx-auto w-full max-w-3xl p-6">
        <ErrorPanel error={chat.error} title="This chat could not be opened" onRetry={() => void chat.refetch()} />
      </div>
    );
  }

  return (
    <div className="flex h-full min-h-0">
      <div className="flex min-w-0 flex-1 flex-col">
        <ChatHeader
          chatId={chatId}
          chat={chat.data}
          title={title}
          generating={generating}
          onShowDetails={showDetails}
          branchSource={firstPartShown}
          usage={full ? <ChatUsageTotal messages={shown} partial={!!messages.hasNextPage} /> : null}
        />
        <RestoreTargetsProvider value={restore}>
          {full ? (
            <ChatTimeline
              timeline={timeline}
              loading={messages.isPending}
              error={messages.error}
              onRetry={onRetry}
              hasEarlier={!!messages.hasNextPage}
              loadingEarlier={messages.isFetchingNextPage}
              onLoadEarlier={onLoadEarlier}
            />
          ) : (
            <FirstAnswerTimeline timeline={timeline} />
          )}
        </RestoreTargetsProvider>
        {full ? (
          <div className="border-t border-border bg-background/80 px-4 py-3 backdrop-blur">
            <div className="mx-auto max-w-3xl">
              {canWrite && chat.data?.writePermission !== false ? (
                <>
                  <ApprovalBanner chatId={chatId} messages={messages.messages} generating={generating} />
                  <Composer chatId={chatId} generating={generating} generatingId={generatingId} />
                </>
              ) : canWrite ? (
                // A member or admin reading someone else's team (or unlisted, public) chat: its privacy, not their role.
                <ReadOnlyNote lead="This chat is read-only for you: only its author sends and answers.">
                  Its author can make it team-edit to let members change it.
                </ReadOnlyNote>
              ) : (
                <ReadOnlyNote>You can read this chat; the author and members answer and send.</ReadOnlyNote>
              )}
            </div>
          </div>
        ) : (
          <ComposerSpace />
        )}
      </div>
      {firstPartShown ? <ChatSidePanel chatId={chatId} messages={messages.messages} generating={generating} /> : null}
    </div>
  );
}
