"use client";

import Link from "next/link";
import { useChats } from "@/lib/hooks/use-chats";
import { cn } from "@/components/ui/cn";
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
    <ul className="mt-1 space-y-0.5" aria-label="Recent chats">
      {chats.slice(0, RECENT).map((chat) => {
        const href = `/chats/${encodeURIComponent(chat.id)}`;
        const active = pathname === href;
        return (
          <li key={chat.id}>
            <Link
              href={href}
              // A chat is drawn in the browser from the address (components/chat/chats-shell.tsx): a prefetch would only
              // read its empty route segment, and for a chat just created it would load the server while the answer starts.
              prefetch={false}
              aria-current={active ? "page" : undefined}
              className={cn(
                "block truncate rounded-md py-1 pr-2 pl-8 text-[13px]",
                active ? "bg-muted text-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
                !chat.title && "italic",
              )}
              title={chat.title || "Untitled chat"}
            >
              {chat.title || "Untitled chat"}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
