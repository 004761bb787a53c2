"use client";

import { useChats } from "@/lib/hooks/use-chats";
import { SidebarChatList } from "@/components/layout/sidebar-chat-list";
import { Skeleton } from "@/components/ui/skeleton";

const RECENT = 8;

/** The most recent chats under "Chats" in the sidebar. */
export function RecentChats({ pathname }: { pathname: string }) {
  const { chats, isPending, error } = useChats();
  if (isPending) {
    return (
      <div className="mt-1 space-y-1.5 pl-8" aria-hidden>
        <Skeleton className="h-3.5 w-32" />
        <Skeleton className="h-3.5 w-24" />
      </div>
    );
  }
  if (error || !chats.length) return null;
  return (
    <SidebarChatList
      chats={chats.slice(0, RECENT)}
      pathname={pathname}
      label="Recent chats"
      className="mt-1"
      // A chat is drawn in the browser from the address (components/chat/chats-shell.tsx): a prefetch would only
      // read its empty route segment, and for a chat just created it would load the server while the answer starts.
      prefetch={false}
    />
  );
}
