"use client";

import { MousePointerClick, X } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { isServiceError } from "@/lib/api/errors";
import { isUnsupported } from "@/lib/hooks/use-chats";
import { useSendMessage, useStopMessage } from "@/lib/hooks/use-chat-mutations";
import { chipLabel, withPickedElement } from "@/components/files/picked-element";
import { usePickedElement } from "@/components/files/use-picked-element";
import { noteTyped } from "@/components/files/use-auto-fix";
import { PromptBox, type StopAction } from "./prompt-box";
import { usePendingAttachments } from "./attachments/use-pending-attachments";
import { ResponseModePicker, useResponseMode } from "./response-mode-picker";
import { BudgetNotice } from "./budget-notice";
import { ContextMeter } from "./context-meter";

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
 * timeline shows why (the service's message). Files attached (picked, dropped or pasted) go with the prompt. An
 * element picked in the preview ("Select element") shows as a chip above the box and is named in the next prompt
 * (× removes it).
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
  const [picked, setPicked] = usePickedElement(chatId);
  const [draft, setDraft] = useState("");
  const onSubmit = async (prompt: string) => {
    // The chip goes with this prompt; a refused send brings it back.
    if (picked) setPicked(null);
    try {
      noteTyped(chatId);
      await send.mutateAsync({
        prompt: picked ? withPickedElement(prompt, picked) : prompt,
        mode,
        attachments: await attachments.toBody(),
      });
      attachments.clear();
      return true;
    } catch {
      if (picked) setPicked(picked);
      return false;
    }
  };
  return (
    <div className="space-y-1.5">
      <BudgetNotice />
      {picked ? (
        <div className="flex px-1">
          <span
            className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-border bg-muted py-0.5 pr-1 pl-2 text-xs"
            data-testid="picked-element-chip"
            title={`${picked.selector}${picked.file ? ` in ${picked.file}` : ""}: goes into the next prompt`}
          >
            <MousePointerClick className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
            <span className="truncate font-mono">{chipLabel(picked)}</span>
            <button
              type="button"
              onClick={() => setPicked(null)}
              aria-label="Remove the picked element"
              className="inline-flex size-5 items-center justify-center rounded-full text-muted-foreground hover:bg-background hover:text-foreground"
            >
              <X className="size-3" aria-hidden />
            </button>
          </span>
        </div>
      ) : null}
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
        onDraftChange={setDraft}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 px-1">
        <ResponseModePicker value={mode} onChange={setMode} disabled={send.isPending} />
        <div className="flex items-center gap-2">
          {send.isPending ? (
            <span role="status" className="text-xs text-muted-foreground">
              {WORKING[send.variables?.mode ?? mode]}
            </span>
          ) : (
            <span className="hidden text-xs text-muted-foreground sm:inline">
              Enter to send · Shift+Enter for a new line
            </span>
          )}
          <ContextMeter chatId={chatId} draft={draft} />
        </div>
      </div>
    </div>
  );
}
