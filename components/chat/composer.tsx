"use client";

import { useState } from "react";
import { toast } from "sonner";
import { isServiceError } from "@/lib/api/errors";
import { isUnsupported } from "@/lib/hooks/use-chats";
import { useSendMessage, useStopMessage } from "@/lib/hooks/use-chat-mutations";
import { PromptBox, type StopAction } from "./prompt-box";
import { usePendingAttachments } from "./attachments/use-pending-attachments";
import { ResponseModePicker, useResponseMode } from "./response-mode-picker";

const WORKING: Record<string, string> = {
  stream: "Sending…",
  async: "Queued — the answer is polled until it finishes…",
  sync: "Waiting for the whole answer (sync)…",
};

/**
 * Stop for the generating answer (`messageId` null until it is known). A service without the operation (404/405)
 * loses the button, and says so once; a 409 means the answer had already finished.
 */
function useStopAction(chatId: string, messageId: string | null): StopAction | undefined {
  const stop = useStopMessage(chatId);
  const [unsupported, setUnsupported] = useState(false);
  if (unsupported) return undefined;
  const onStop = () => {
    if (!messageId || stop.isPending) return;
    stop.mutate(messageId, {
      onSuccess: () => toast.success("Stopped", { description: "The answer keeps what it had written so far." }),
      onError: (error) => {
        if (isUnsupported(error, chatId)) {
          setUnsupported(true);
          toast.error("This service cannot stop a generation", { description: "Wait for the answer to finish." });
        } else if (isServiceError(error) && error.status === 409) {
          toast.info("The answer had already finished");
        } else {
          toast.error("The answer could not be stopped", {
            description: error instanceof Error ? error.message : String(error),
          });
        }
      },
    });
  };
  return { onStop, ready: messageId !== null, pending: stop.isPending };
}

/**
 * The chat page's prompt box: sends a follow-up in the chosen response mode (stream, async or sync). While the agent
 * is generating it cannot send; its button (and Esc) stops the answer instead. A refused send keeps the text; the
 * timeline shows why (the service's message). Files attached (picked, dropped or pasted) go with the prompt.
 */
export function Composer({
  chatId,
  generating,
  generatingId,
}: {
  chatId: string;
  generating: boolean;
  /** The assistant message being generated, once known. */
  generatingId: string | null;
}) {
  const send = useSendMessage(chatId);
  const stop = useStopAction(chatId, generatingId);
  const [mode, setMode] = useResponseMode();
  const attachments = usePendingAttachments();
  const onSubmit = async (prompt: string) => {
    try {
      await send.mutateAsync({ prompt, mode, attachments: await attachments.toBody() });
      attachments.clear();
      return true;
    } catch {
      return false;
    }
  };
  return (
    <div className="space-y-1.5">
      <PromptBox
        onSubmit={onSubmit}
        label="Message the agent"
        placeholder={generating ? "The agent is working…" : "Ask for a change or a new feature…"}
        busy={send.isPending}
        disabled={generating}
        disabledReason="Wait until the agent has finished"
        autoFocus
        stop={generating ? stop : undefined}
        attachments={attachments}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 px-1">
        <ResponseModePicker value={mode} onChange={setMode} disabled={send.isPending} />
        {send.isPending ? (
          <span role="status" className="text-xs text-muted-foreground">
            {WORKING[send.variables?.mode ?? mode]}
          </span>
        ) : (
          <span className="hidden text-xs text-muted-foreground sm:inline">
            Enter to send · Shift+Enter for a new line
          </span>
        )}
      </div>
    </div>
  );
}
