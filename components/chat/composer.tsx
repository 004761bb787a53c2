"use client";

import { useSendMessageStream } from "@/lib/hooks/use-chat-stream";
import { PromptBox } from "./prompt-box";

/**
 * The chat page's prompt box: sends a follow-up by streaming; disabled while the agent is generating.
 * A refused send keeps the text; the timeline shows why (ErrorPanel with the service's message and status).
 */
export function Composer({ chatId, generating }: { chatId: string; generating: boolean }) {
  const send = useSendMessageStream(chatId);
  const onSubmit = async (prompt: string) => {
    try {
      await send.mutateAsync(prompt);
      return true;
    } catch {
      return false;
    }
  };
  return (
    <PromptBox
      onSubmit={onSubmit}
      label="Message the agent"
      placeholder={generating ? "The agent is working…" : "Ask for a change or a new feature…"}
      busy={send.isPending}
      disabled={generating}
      disabledReason="Wait until the agent has finished"
    />
  );
}
