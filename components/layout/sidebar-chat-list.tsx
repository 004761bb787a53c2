"use client";

import Link from "next/link";
import { cn } from "@/components/ui/cn";

/** A chat the sidebar links to: its id and title (an empty title reads "Untitled chat"). */
interface SidebarChat {
  id: string;
  title?: string | null;
}

/** A list of chat links in the sidebar, the one at `pathname` marked current. */
export function SidebarChatList({
  chats,
  pathname,
  label,
  className,
  testId,
  prefetch,
}: {
  chats: readonly SidebarChat[];
  pathname: string;
  label: string;
  className?: string;
  testId?: string;
  prefetch?: false;
}) {
  return (
    <ul className={cn("space-y-0.5", className)} aria-label={label} data-testid={testId}>
      {chats.map((chat) => {
        const href = `/chats/${encodeURIComponent(chat.id)}`;
        const active = pathname === href;
        return (
          <li key={chat.id}>
            <Link
              href={href}
              prefetch={prefetch}
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
