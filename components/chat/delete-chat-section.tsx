"use client";

import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { PanelSection } from "@/components/ui/panel-section";
import { TypedDeleteDialog } from "@/components/ui/typed-delete-dialog";
import type { Chat } from "@/lib/api/schemas";
import { useDeleteChat } from "@/lib/hooks/use-chats";

/** The name a chat is confirmed by: its title, or its id while it has none. */
export function chatConfirmName(chat: Pick<Chat, "id" | "title">): string {
  return chat.title?.trim() || chat.id;
}

/**
 * The end of the Details tab: delete the chat with its messages, files and versions, after typing its title. Not while
 * the agent works on it (the service would answer 409). Afterwards the chats page opens.
 */
export function DeleteChatSection({ chat, generating }: { chat: Chat | undefined; generating: boolean }) {
  const remove = useDeleteChat();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  if (!chat) return null;
  const name = chatConfirmName(chat);
  return (
    <PanelSection
      id="delete-chat"
      title="Delete this chat"
      testId="delete-chat-section"
      description={
        <>
          Removes its messages, files and versions from the service. Webhooks get{" "}
          <code className="font-mono">chat.deleted</code>. This cannot be undone.
        </>
      }
    >
      <Button
        size="sm"
        className="text-danger"
        disabled={generating}
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
        data-testid="delete-chat-button"
      >
        <Trash2 className="size-4" aria-hidden />
        Delete chat
      </Button>
      {generating ? (
        <p className="text-xs text-muted-foreground" role="status">
          The agent is working on this chat: wait for it to finish to delete it.
        </p>
      ) : null}
      <TypedDeleteDialog
        name={open ? name : null}
        title="Delete chat?"
        testId="delete-chat-dialog"
        description={
          <>
            <span className="font-medium text-foreground">{name}</span> and all its messages, files and versions are
            removed. This cannot be undone.
          </>
        }
        confirmLabel="Delete chat"
        errorTitle="The chat was not deleted"
        onOpenChange={(next) => {
          if (!remove.isPending) setOpen(next);
        }}
        onConfirm={() =>
          remove.mutate(chat.id, {
            onSuccess: () => {
              setOpen(false);
              toast.success(`Deleted ${name}`);
              router.replace("/chats");
            },
          })
        }
        pending={remove.isPending}
        error={remove.error}
      />
    </PanelSection>
  );
}
