"use client";

import { Star } from "lucide-react";
import { useFavorites } from "@/lib/hooks/use-favorites";
import { SidebarChatList } from "@/components/layout/sidebar-chat-list";

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
      <SidebarChatList chats={favorites} pathname={pathname} label="Favorites" testId="sidebar-favorites" />
    </section>
  );
}
