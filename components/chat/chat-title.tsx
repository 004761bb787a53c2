"use client";

import { Check, Pencil, X } from "lucide-react";
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { toast } from "sonner";
import type { Chat } from "@/lib/api/schemas";
import { useCanWrite } from "@/lib/hooks/person";
import { isUnsupported, useUpdateChat } from "@/lib/hooks/use-chats";
import { cn } from "@/components/ui/cn";
import { UNTITLED } from "./chat-row";

const iconButton =
  "inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-50";

/**
 * The chat's title in the header, renamed in place (PATCH /v2/chats/{chatId}): the pencil (or double click) opens a
 * field; Enter saves, Esc cancels. A service without the operation (404/405) loses the control, and says so once.
 */
export function ChatTitle({ chatId, chat, title }: { chatId: string; chat: Chat | undefined; title: string | null }) {
  const update = useUpdateChat(chatId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const [unsupported, setUnsupported] = useState(false);
  const canRename = useCanWrite() && !!chat && !unsupported;

  const start = () => {
    if (!canRename) return;
    setDraft(title ?? "");
    setEditing(true);
  };
  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    const next = draft.trim();
    if (!next || next === title) return setEditing(false);
    try {
      await update.mutateAsync({ title: next });
      setEditing(false);
    } catch (error) {
      if (isUnsupported(error, chatId)) {
        setUnsupported(true);
        setEditing(false);
        toast.error("This service cannot rename chats", {
          description: "It has no PATCH /v2/chats/{chatId}; the title stays as it is.",
        });
      } else {
        toast.error("The chat could not be renamed", {
          description: error instanceof Error ? error.message : String(error),
        });
      }
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      setEditing(false);
    }
  };

  if (editing) {
    return (
      <form onSubmit={save} className="flex items-center gap-1" data-testid="chat-title-form">
        <input
          autoFocus
          value={draft}
          maxLength={200}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          aria-label="Chat title"
          data-testid="chat-title-input"
          disabled={update.isPending}
          className="min-w-0 flex-1 rounded-md border border-border bg-background px-2 py-0.5 text-base font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <button type="submit" className={iconButton} aria-label="Save the title" disabled={update.isPending}>
          <Check className="size-4" aria-hidden />
        </button>
        <button type="button" className={iconButton} aria-label="Cancel renaming" onClick={() => setEditing(false)}>
          <X className="size-4" aria-hidden />
        </button>
      </form>
    );
  }
  return (
    <div className="group flex min-w-0 items-center gap-1">
      <h1
        data-testid="chat-title"
        onDoubleClick={start}
        className={cn("truncate text-base font-semibold", !title && "text-muted-foreground italic")}
      >
        {title || UNTITLED}
      </h1>
      {canRename ? (
        <button
          type="button"
          data-testid="chat-rename"
          className={cn(iconButton, "opacity-60 group-hover:opacity-100 focus-visible:opacity-100")}
          aria-label="Rename the chat"
          title="Rename"
          onClick={start}
        >
          <Pencil className="size-3.5" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
