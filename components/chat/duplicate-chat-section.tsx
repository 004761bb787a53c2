"use client";

import { Copy } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { PanelSection } from "@/components/ui/panel-section";
import { Spinner } from "@/components/ui/spinner";
import { inputClass } from "@/components/ui/text-field";
import { Privacy, type Chat } from "@/lib/api/schemas";
import { isUnsupported, useDuplicateChat } from "@/lib/hooks/use-chats";

/**
 * Details tab: a copy of the chat (POST /v2/chats/{chatId}/duplicate) with its messages, files and locks, under a new
 * title (default: the service numbers it, "Title (2)") and privacy; the copy opens. Not while the agent works on the
 * chat; hidden, with the reason, where the service has no such operation.
 */
export function DuplicateChatSection({ chat, generating }: { chat: Chat | undefined; generating: boolean }) {
  const duplicate = useDuplicateChat(chat?.id ?? "");
  const router = useRouter();
  const [title, setTitle] = useState("");
  const [privacy, setPrivacy] = useState<Privacy>("private");
  const [unsupported, setUnsupported] = useState(false);
  if (!chat) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    duplicate.mutate(
      { privacy, ...(title.trim() ? { title: title.trim() } : {}) },
      {
        onSuccess: (copy) => {
          toast.success("Chat duplicated", { description: copy.title ?? copy.id });
          setTitle("");
          router.push(`/chats/${encodeURIComponent(copy.id)}`);
        },
        onError: (error) => {
          if (isUnsupported(error, chat.id)) setUnsupported(true);
          else
            toast.error("The chat was not duplicated", {
              description: error instanceof Error ? error.message : String(error),
            });
        },
      },
    );
  };

  return (
    <PanelSection
      id="duplicate-chat"
      title="Duplicate this chat"
      testId="duplicate-chat-section"
      description="A new chat with the same messages, files and locks, to try another direction without losing this one."
    >
      {unsupported ? (
        <p className="text-xs text-muted-foreground" role="status">
          This service cannot duplicate chats (it has no POST /v2/chats/&#123;chatId&#125;/duplicate).
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-2">
          <div className="flex flex-wrap gap-2">
            <input
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={200}
              placeholder={`${chat.title || "Untitled"} (2)`}
              aria-label="Title of the copy"
              data-testid="duplicate-title"
              className={`${inputClass} h-8 min-w-0 flex-1 text-xs`}
            />
            <select
              value={privacy}
              onChange={(e) => setPrivacy(e.target.value as Privacy)}
              aria-label="Privacy of the copy"
              data-testid="duplicate-privacy"
              className={`${inputClass} h-8 w-auto text-xs`}
            >
              {Privacy.options.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </div>
          <Button
            size="sm"
            type="submit"
            disabled={generating || duplicate.isPending}
            data-testid="duplicate-chat-button"
          >
            {duplicate.isPending ? <Spinner className="size-4" /> : <Copy className="size-4" aria-hidden />}
            Duplicate
          </Button>
          {generating ? (
            <p className="text-xs text-muted-foreground" role="status">
              The agent is working on this chat: duplicate it once the answer has finished.
            </p>
          ) : null}
        </form>
      )}
    </PanelSection>
  );
}
