"use client";

import { MessagesSquare } from "lucide-react";
import { useChats } from "@/lib/hooks/use-chats";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { UnreadableItems } from "@/components/ui/unreadable-items";
import { ChatRow } from "./chat-row";

function ListSkeleton() {
  return (
    <ul aria-label="Loading chats" aria-busy className="divide-y divide-border rounded-lg border border-border">
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="flex items-center gap-3 px-4 py-3.5">
          <Skeleton className="size-4" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-4 w-20" />
        </li>
      ))}
    </ul>
  );
}

/** All chats, newest first, with "Load more" over the cursor. */
export function ChatsList() {
  const {
    chats,
    unreadable,
    isPending,
    error,
    refetch,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = useChats();

  if (isPending) return <ListSkeleton />;
  if (error && !chats.length)
    return <ErrorPanel error={error} title="The chats could not be loaded" onRetry={() => void refetch()} />;
  if (!chats.length && !unreadable.length) {
    return (
      <EmptyState icon={MessagesSquare} title="No chats yet">
        Describe an app to build in the box above: the agent starts working right away.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-3">
      <ul
        aria-label="Chats"
        data-testid="chats-list"
        className="divide-y divide-border overflow-hidden rounded-lg border border-border bg-card"
      >
        {chats.map((chat) => (
          <ChatRow key={chat.id} chat={chat} />
        ))}
      </ul>
      <UnreadableItems items={unreadable} what="chat" />
      {isFetchNextPageError && error ? (
        <ErrorPanel error={error} title="More chats could not be loaded" onRetry={() => void fetchNextPage()} />
      ) : null}
      {hasNextPage ? (
        <div className="flex justify-center">
          <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} data-testid="load-more">
            {isFetchingNextPage ? <Spinner /> : null}
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
