"use client";

import { useQueries } from "@tanstack/react-query";
import { MessageSquare, X } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/components/ui/cn";
import { queryKeys } from "@/lib/hooks/query-keys";
import { useServiceClient } from "@/lib/hooks/service-clients";

/** Chats shown per project page (the rest are counted). */
const SHOWN = 50;

/** A project's chats, each a link with its title (fetched like the chat page does, so the cache is shared) and "Remove". */
export function ProjectChats({
  chatIds,
  onRemove,
  busy,
}: {
  chatIds: readonly string[];
  /** Null: read-only (a viewer), no "Remove". */
  onRemove: ((chatId: string) => void) | null;
  busy: boolean;
}) {
  const client = useServiceClient();
  const shown = chatIds.slice(0, SHOWN);
  const chats = useQueries({
    queries: shown.map((id) => ({ queryKey: queryKeys.chat(id), queryFn: () => client.getChat(id) })),
  });
  if (!chatIds.length) {
    return (
      <EmptyState icon={MessageSquare} title="No chats in this project yet">
        <p>Use “Add chats” to bring existing chats here.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Chats in this project">
        {shown.map((id, i) => {
          const q = chats[i]!;
          const title = q.data?.title || (q.data ? "Untitled chat" : null);
          return (
            <li key={id} className="flex items-center gap-3 px-4 py-2.5" data-testid="project-chat" data-chat-id={id}>
              <MessageSquare className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              {title === null && q.isPending ? (
                <Skeleton className="h-4 w-40" />
              ) : (
                <Link
                  href={`/chats/${encodeURIComponent(id)}`}
                  className={cn("min-w-0 flex-1 truncate hover:underline", !q.data?.title && "italic")}
                >
                  {title ?? id}
                </Link>
              )}
              <span className="ml-auto hidden font-mono text-[11px] text-muted-foreground sm:inline">{id}</span>
              {onRemove ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${title ?? id} from the project`}
                  onClick={() => onRemove(id)}
                  disabled={busy}
                >
                  <X className="size-4" aria-hidden />
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {chatIds.length > SHOWN ? (
        <p className="text-xs text-muted-foreground">and {chatIds.length - SHOWN} more chats</p>
      ) : null}
    </>
  );
}
