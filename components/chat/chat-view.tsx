"use client";

import { useMemo, useState } from "react";
import { mergeTimeline } from "@/lib/hooks/merge-timeline";
import { useChat } from "@/lib/hooks/use-chat";
import { useActiveStream } from "@/lib/hooks/use-chat-stream";
import { useMessages } from "@/lib/hooks/use-messages";
import { ErrorPanel } from "@/components/ui/error-panel";
import { ChatDetails } from "./chat-details";
import { ChatHeader } from "./chat-header";
import { ChatTimeline } from "./chat-timeline";
import { Composer } from "./composer";

const GENERATING = new Set(["connecting", "streaming", "recovering"]);

/** The chat page: title, the timeline (live while generating), the composer, and a details panel. */
export function ChatView({ chatId }: { chatId: string }) {
  const chat = useChat(chatId);
  const stream = useActiveStream(chatId);
  const streaming = !!stream && GENERATING.has(stream.status);
  const messages = useMessages(chatId, { pollUnfinished: !streaming });
  const [detailsOpen, setDetailsOpen] = useState(false);

  const timeline = useMemo(() => mergeTimeline(chatId, messages.messages, stream), [chatId, messages.messages, stream]);
  const unfinished = messages.messages.at(-1);
  const generating = streaming || (unfinished?.role === "assistant" && unfinished.finishReason == null);
  const title = stream?.state.title ?? stream?.state.chat?.title ?? chat.data?.title ?? null;

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
          detailsOpen={detailsOpen}
          onToggleDetails={() => setDetailsOpen((open) => !open)}
        />
        <ChatTimeline
          timeline={timeline}
          loading={messages.isPending}
          error={messages.error}
          onRetry={() => void messages.refetch()}
          hasEarlier={!!messages.hasNextPage}
          loadingEarlier={messages.isFetchingNextPage}
          onLoadEarlier={() => void messages.fetchNextPage()}
        />
        <div className="border-t border-border bg-background/80 px-4 py-3 backdrop-blur">
          <div className="mx-auto max-w-3xl">
            <Composer chatId={chatId} generating={generating} />
          </div>
        </div>
      </div>
      {detailsOpen ? (
        <aside
          aria-label="Chat details"
          onKeyDown={(e) => e.key === "Escape" && setDetailsOpen(false)}
          className="fixed inset-y-0 right-0 z-30 w-80 max-w-[90vw] shrink-0 overflow-y-auto border-l border-border bg-surface shadow-xl lg:static lg:shadow-none"
        >
          <ChatDetails chat={chat.data} messages={messages.messages} />
        </aside>
      ) : null}
    </div>
  );
}
