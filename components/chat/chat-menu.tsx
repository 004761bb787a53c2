"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { FoldVertical, MoreHorizontal } from "lucide-react";
import { toast } from "sonner";
import { isServiceError } from "@/lib/api/errors";
import { isSpendUnsupported, useCompactChat } from "@/lib/hooks/use-spend";

const ITEM =
  "flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted";

/**
 * The chat's menu (the header's "More actions"): "Compact now" summarises the earlier messages into one the agent
 * reads instead (our extension; a deployment without it says so once).
 */
export function ChatMenu({ chatId, generating }: { chatId: string; generating: boolean }) {
  const compact = useCompactChat(chatId);
  const onCompact = () => {
    const pending = toast.loading("Summarising the earlier messages…");
    compact.mutate(undefined, {
      onSuccess: (message) =>
        message.finishReason === "error"
          ? toast.error("The messages could not be summarised", {
              id: pending,
              description: message.content || undefined,
            })
          : toast.success("Earlier messages summarised", {
              id: pending,
              description: "The agent reads the summary instead of them from the next answer on.",
            }),
      onError: (error) => {
        if (isSpendUnsupported(error, chatId)) toast.error("This service cannot summarise a chat", { id: pending });
        else
          toast.error("The messages could not be summarised", {
            id: pending,
            description: isServiceError(error) ? error.message : String(error),
          });
      },
    });
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          data-testid="chat-menu"
          aria-label="More actions"
          title="More actions"
          className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <MoreHorizontal className="size-4" aria-hidden />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 rounded-lg border border-border bg-card p-1 text-foreground shadow-lg"
        >
          <DropdownMenu.Item
            data-testid="compact-now"
            className={ITEM}
            disabled={generating || compact.isPending}
            onSelect={onCompact}
          >
            <FoldVertical className="size-4 text-muted-foreground" aria-hidden />
            <span className="flex flex-col">
              <span>Compact now</span>
              <span className="text-xs text-muted-foreground">Summarise the earlier messages</span>
            </span>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
