"use client";

import { Globe, Link2 } from "lucide-react";
import Link from "next/link";
import { cn } from "@/components/ui/cn";
import type { Privacy } from "@/lib/api/schemas";

/** A chat the sidebar links to: its id, title (an empty title reads "Untitled chat") and, when known, its privacy. */
interface SidebarChat {
  id: string;
  title?: string | null;
  privacy?: Privacy;
}

/** The mark of a chat shared by link (issue 40: the sidebar marks shared chats); other privacies have none here. */
const SHARED: Partial<Record<Privacy, { icon: typeof Globe; label: string }>> = {
  unlisted: { icon: Link2, label: "unlisted: anyone with the link" },
  public: { icon: Globe, label: "public: listed for everyone, and anyone with the link" },
};

/** A list of chat links in the sidebar, the one at `pathname` marked current, shared chats marked. */
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
        const title = chat.title || "Untitled chat";
        const shared = chat.privacy ? SHARED[chat.privacy] : undefined;
        return (
          <li key={chat.id}>
            <Link
              href={href}
              prefetch={prefetch}
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex items-center gap-1.5 rounded-md py-1 pr-2 pl-8 text-[13px]",
                active ? "bg-muted text-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
              )}
              title={shared ? `${title} (${shared.label})` : title}
            >
              <span className={cn("min-w-0 flex-1 truncate", !chat.title && "italic")}>{title}</span>
              {shared ? (
                <span className="shrink-0" data-testid="sidebar-shared-mark" data-privacy={chat.privacy}>
                  <shared.icon className="size-3 opacity-70" aria-hidden />
                  <span className="sr-only">{` (${chat.privacy})`}</span>
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
