"use client";

import { ChevronRight, Globe } from "lucide-react";
import { SidebarChatList } from "@/components/layout/sidebar-chat-list";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { usePublicChats } from "@/lib/hooks/use-chats";
import { useLocalStorage } from "@/lib/hooks/use-local-storage";

/** Whether the person folded the group (remembered per browser). */
const FOLDED_KEY = "atelier.sidebar.public-folded";

/**
 * The "Public" group of the sidebar: every person's public chats (issue 40), newest first; it folds (remembered per
 * browser) and says so when there are none.
 */
export function PublicChats({ pathname }: { pathname: string }) {
  const [folded, setFolded] = useLocalStorage(FOLDED_KEY);
  const open = folded !== "1";
  const { data: chats, isPending, error, refetch } = usePublicChats();
  return (
    <section aria-labelledby="sidebar-public" data-testid="sidebar-public">
      <h2 id="sidebar-public" className="text-sm font-medium text-foreground">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="sidebar-public-chats"
          onClick={() => setFolded(open ? "1" : null)}
          className="flex h-8 w-full items-center gap-2 rounded-md px-2 hover:bg-muted"
          data-testid="sidebar-public-toggle"
        >
          <Globe className="size-4" aria-hidden />
          Public
          <ChevronRight
            className={cn("ml-auto size-3.5 text-muted-foreground transition-transform", open && "rotate-90")}
            aria-hidden
          />
        </button>
      </h2>
      <div id="sidebar-public-chats" hidden={!open}>
        {isPending ? (
          <div className="mt-1 space-y-1.5 pl-8" aria-hidden>
            <Skeleton className="h-3.5 w-28" />
          </div>
        ) : error ? (
          <p className="py-1 pr-2 pl-8 text-xs text-muted-foreground" data-testid="sidebar-public-error">
            Could not be loaded.{" "}
            <button type="button" className="underline hover:text-foreground" onClick={() => void refetch()}>
              Retry
            </button>
          </p>
        ) : chats.length ? (
          <SidebarChatList
            // Every one is public: no mark each.
            chats={chats.map(({ id, title }) => ({ id, title }))}
            pathname={pathname}
            label="Public chats"
            testId="sidebar-public-list"
            prefetch={false}
          />
        ) : (
          <p className="py-1 pr-2 pl-8 text-xs text-muted-foreground" data-testid="sidebar-public-empty">
            No public chats yet. Share makes one public.
          </p>
        )}
      </div>
    </section>
  );
}
