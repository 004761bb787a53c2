import { ChevronRight, MessageSquare } from "lucide-react";
import Link from "next/link";
import type { Chat } from "@/lib/api/schemas";
import { cn } from "@/components/ui/cn";
import { RelativeTime } from "@/components/ui/relative-time";
import { FavoriteButton } from "./favorite-button";
import { PrivacyBadge } from "./privacy-badge";

export const UNTITLED = "Untitled chat";

/** One row of the chats list: title, privacy, when it was last updated, and its Favorite toggle. */
export function ChatRow({ chat }: { chat: Chat }) {
  return (
    <li className="flex items-center pr-2">
      <Link
        href={`/chats/${encodeURIComponent(chat.id)}`}
        data-testid="chat-row"
        data-chat-id={chat.id}
        className="group flex min-w-0 flex-1 items-center gap-3 px-4 py-3 hover:bg-muted/60 focus-visible:bg-muted/60"
      >
        <MessageSquare className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className={cn("min-w-0 flex-1 truncate font-medium", !chat.title && "text-muted-foreground italic")}>
          {chat.title || UNTITLED}
        </span>
        <PrivacyBadge privacy={chat.privacy} />
        <RelativeTime
          iso={chat.updatedAt ?? chat.createdAt}
          className="shrink-0 text-right text-xs text-muted-foreground tabular-nums sm:w-24"
        />
        <ChevronRight
          className="hidden size-4 shrink-0 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100 sm:block"
          aria-hidden
        />
      </Link>
      <FavoriteButton chat={{ id: chat.id, title: chat.title ?? null, privacy: chat.privacy }} />
    </li>
  );
}
