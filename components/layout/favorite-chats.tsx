"use client";

import { Star } from "lucide-react";
import Link from "next/link";
import { useFavorites } from "@/lib/hooks/use-favorites";
import { cn } from "@/components/ui/cn";

/** The "Favorites" group at the top of the sidebar: the favorite chats, absent while there are none. */
export function FavoriteChats({ pathname }: { pathname: string }) {
  const { data: favorites } = useFavorites();
  if (!favorites?.length) return null;
  return (
    <section aria-labelledby="sidebar-favorites">
      <h2 id="sidebar-favorites" className="flex h-8 items-center gap-2 px-2 text-sm font-medium text-foreground">
        <Star className="size-4 fill-current text-amber-500 dark:text-amber-400" aria-hidden />
        Favorites
      </h2>
      <ul className="space-y-0.5" aria-label="Favorites" data-testid="sidebar-favorites">
        {favorites.map((chat) => {
          const href = `/chats/${encodeURIComponent(chat.id)}`;
          const active = pathname === href;
          return (
            <li key={chat.id}>
              <Link
                href={href}
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
    </section>
  );
}
