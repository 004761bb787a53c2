"use client";

import { useSendMessage } from "@/lib/hooks/use-chat-mutations";
import { PromptBox } from "./prompt-box";
import { ResponseModePicker, useResponseMode } from "./response-mode-picker";

const WORKING: Record<string, string> = {
  stream: "Sending…",
  async: "Queued — the answer is polled until it finishes…",
  sync: "Waiting for the whole answer (sync)…",
};

/**
 * The chat page's prompt box: sends a follow-up in the chosen response mode (stream, async or sync); disabled
 * while the agent is generating. A refused send keeps the text; the timeline shows why (the service's message).
 */
export function Composer({ chatId, generating }: { chatId: string; generating: boolean }) {
  const send = useSendMessage(chatId);
  const [mode, setMode] = useResponseMode();
  const onSubmit = async (prompt: string) => {
    try {
      await send.mutateAsync({ prompt, mode });
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
