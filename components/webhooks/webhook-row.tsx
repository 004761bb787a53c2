"use client";

import { Inbox, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { MonoId } from "@/components/ui/mono-id";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { describeError } from "@/components/ui/error-panel";
import type { Webhook } from "@/lib/api/schemas";
import { DisabledBadge, EventBadges } from "./event-badges";
import { inboxIdOfUrl } from "./inbox-link";

/** One webhook: name (to its page), target URL, events, scope; Edit / Delete. */
export function WebhookRow({
  item,
  onEdit,
  onDelete,
}: {
  item: { id: string; name: string; hook: Webhook | null; error: unknown };
  onEdit: (hook: Webhook) => void;
  onDelete: (hook: { id: string; name: string }) => void;
}) {
  const { hook } = item;
  const inboxId = hook ? inboxIdOfUrl(hook.url) : null;
  const href = `/webhooks/${encodeURIComponent(item.id)}`;
  return (
    <li data-testid="webhook-row" data-id={item.id} className="flex flex-wrap items-start gap-3 px-4 py-3">
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Link href={href} className="truncate font-medium hover:underline" data-testid="webhook-name">
            {item.name}
          </Link>
          {hook?.disabled ? <DisabledBadge reason={hook.disabledReason} /> : null}
          {inboxId ? (
            <Link
              href={`/inbox/${encodeURIComponent(inboxId)}`}
              className="inline-flex items-center gap-1 rounded-full border border-border px-2 text-xs text-muted-foreground hover:text-foreground"
            >
              <Inbox className="size-3" aria-hidden />
              this dashboard
            </Link>
          ) : null}
        </div>
        {hook ? (
          <>
            <p className="truncate font-mono text-xs text-muted-foreground" title={hook.url}>
              {hook.url}
            </p>
            <EventBadges events={hook.events} max={4} />
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              <span>
                Scope:{" "}
                {hook.chatId ? (
                  <Link className="font-mono hover:underline" href={`/chats/${encodeURIComponent(hook.chatId)}`}>
                    {hook.chatId}
                  </Link>
                ) : (
                  "all chats"
                )}
              </span>
              <span>
                Created <RelativeTime iso={hook.createdAt} />
              </span>
              <MonoId id={item.id} label="webhook id" className="max-w-48" />
            </p>
          </>
        ) : item.error ? (
          <p className="text-xs text-danger">Its settings could not be loaded: {describeError(item.error).message}</p>
        ) : (
          <div className="space-y-1" aria-hidden>
            <Skeleton className="h-3 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        )}
      </div>
      <div className="flex items-center gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Edit ${item.name}`}
          title="Edit"
          disabled={!hook}
          onClick={() => hook && onEdit(hook)}
        >
          <Pencil className="size-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${item.name}`}
          title="Delete"
          onClick={() => onDelete(item)}
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </div>
    </li>
  );
}
