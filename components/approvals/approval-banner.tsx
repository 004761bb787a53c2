"use client";

import { Hourglass, Plug, ShieldAlert, X } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { describePendingTask, pendingTaskOf } from "@/lib/api/pending";
import type { Message, ResolveBody } from "@/lib/api/schemas";
import { loadResponseMode } from "@/lib/hooks/response-mode";
import { resolveGuard, resolveKey, useResolve } from "@/lib/hooks/use-resolve";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ApprovalDialog } from "./approval-dialog";

const NO_LONGER_PENDING = "This request is no longer pending";

function focusComposer() {
  document.querySelector<HTMLTextAreaElement>('[data-testid="composer"]')?.focus();
}

/**
 * Above the composer: when the chat's latest assistant message waits for the user (interface.md Part 3), a banner
 * says what it asks and opens the approval dialog. The answer is sent once (use-resolve) in the response mode
 * chosen in the composer, and streams into the timeline like any answer. A 409 (answered in another tab, or
 * the chat moved on) closes the dialog, refreshes the chat and says "This request is no longer pending".
 */
export function ApprovalBanner({
  chatId,
  messages,
  generating,
}: {
  chatId: string;
  messages: readonly Message[];
  generating: boolean;
}) {
  const task = useMemo(() => pendingTaskOf(messages), [messages]);
  const { state, resolve, reset } = useResolve(chatId);
  const [open, setOpen] = useState(false);
  const [conflict, setConflict] = useState<{ message: string } | null>(null);
  const toComposer = useRef(false);
  const taskKey = task ? resolveKey(chatId, task) : null;

  // A new request: forget the previous one's outcome (state adjusted while rendering, not in an effect).
  const [previousKey, setPreviousKey] = useState(taskKey);
  if (previousKey !== taskKey) {
    setPreviousKey(taskKey);
    reset();
    if (taskKey) setConflict(null);
    else setOpen(false);
  }

  const answered = taskKey !== null && state.status !== "sending" && resolveGuard.has(taskKey);
  const sending = state.status === "sending";
  const showBanner = task !== null && !generating && !answered;

  const onAnswer = async (body: ResolveBody) => {
    if (!task) return;
    const mode = loadResponseMode();
    // Sync holds the request until the whole answer is there: the timeline shows the progress, not the dialog.
    if (mode === "sync") setOpen(false);
    const next = await resolve({ task, body, mode });
    if (next?.status === "sent") setOpen(false);
    if (next?.status === "failed") setOpen(true);
    if (next?.status === "conflict") {
      setOpen(false);
      setConflict({ message: next.error.message });
      toast.error(NO_LONGER_PENDING, {
        description: "The service refused the answer (409). The chat has been refreshed.",
      });
    }
  };

  return (
    <>
      {conflict ? (
        <div
          role="alert"
          data-testid="approval-conflict"
          className="mb-2 flex items-start gap-2 rounded-lg border border-border bg-muted px-3 py-2 text-sm"
        >
          <Hourglass className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <p className="flex-1">
            <strong className="font-medium">{NO_LONGER_PENDING}.</strong>{" "}
            <span className="text-muted-foreground">
              The service refused the answer (409
              {conflict.message ? `: ${conflict.message.replace(/[.\s]+$/, "")}` : ""}). It was answered elsewhere, the
              chat moved on, or the answer did not match; the chat has been refreshed.
            </span>
          </p>
          <Button variant="ghost" size="icon" className="size-6" aria-label="Dismiss" onClick={() => setConflict(null)}>
            <X className="size-3.5" aria-hidden />
          </Button>
        </div>
      ) : null}
      {showBanner && task ? (
        <section
          aria-label="The agent is waiting for your answer"
          data-testid="approval-banner"
          data-task={task.kind === "integrations" ? "integration" : "permissions"}
          className={cn(
            "mb-2 flex flex-wrap items-center gap-3 rounded-lg border px-3 py-2.5 text-sm",
            task.kind === "permissions"
              ? "border-danger-border bg-danger-muted"
              : "border-indigo-300/60 bg-indigo-500/5 dark:border-indigo-400/30",
          )}
        >
          {task.kind === "permissions" ? (
            <ShieldAlert className="size-4 shrink-0 text-danger" aria-hidden />
          ) : (
            <Plug className="size-4 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
          )}
          <p className="min-w-0 flex-1">
            <strong className="font-medium">The agent is waiting for you.</strong>{" "}
            <span className="text-muted-foreground">{describePendingTask(task)}</span>
          </p>
          <Button variant="primary" size="sm" data-testid="approval-open" onClick={() => setOpen(true)}>
            {task.kind === "permissions" ? "Review permission" : "Review request"}
          </Button>
        </section>
      ) : null}
      {task ? (
        <ApprovalDialog
          open={open && (showBanner || sending)}
          onOpenChange={setOpen}
          task={task}
          sending={sending}
          error={state.status === "failed" ? state.error : null}
          onAnswer={(body) => void onAnswer(body)}
          onWriteMessage={() => {
            toComposer.current = true;
            setOpen(false);
          }}
          onCloseAutoFocus={(event) => {
            if (!toComposer.current) return;
            toComposer.current = false;
            event.preventDefault();
            focusComposer();
          }}
        />
      ) : null}
    </>
  );
}
