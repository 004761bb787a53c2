"use client";

import { Sparkles } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCreateChatStream } from "@/lib/hooks/use-chat-stream";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PromptBox } from "./prompt-box";

/** "Describe an app": creates a chat by streaming and opens it as soon as the service has created it. */
export function NewChatForm() {
  const router = useRouter();
  const create = useCreateChatStream();
  const onSubmit = async (prompt: string) => {
    try {
      const chat = await create.mutateAsync(prompt);
      router.push(`/chats/${encodeURIComponent(chat.id)}`);
      return true;
    } catch {
      return false;
    }
  };
  return (
    <section aria-labelledby="new-chat-heading" data-testid="new-chat-form" className="space-y-2">
      <h2 id="new-chat-heading" className="flex items-center gap-2 text-sm font-medium">
        <Sparkles className="size-4 text-muted-foreground" aria-hidden />
        New chat
      </h2>
      <PromptBox
        onSubmit={onSubmit}
        label="Describe an app to build"
        placeholder="Describe an app to build, e.g. “a pomodoro timer with a dark theme”"
        busy={create.isPending}
        rows={3}
        autoFocus
      />
      {create.isPending ? <p className="text-xs text-muted-foreground" role="status">Creating the chat…</p> : null}
      {create.error ? <ErrorPanel error={create.error} title="The chat was not created" /> : null}
    </section>
  );
}
