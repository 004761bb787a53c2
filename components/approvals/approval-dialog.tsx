"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { Plug, ShieldAlert, X } from "lucide-react";
import type { PendingTask } from "@/lib/api/pending";
import type { ResolveBody } from "@/lib/api/schemas";
import { Button } from "@/components/ui/button";
import { DialogOverlay } from "@/components/ui/dialog";
import { IntegrationRequestForm } from "./integration-request-form";
import { PermissionRequestForm } from "./permission-request-form";

interface ApprovalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  task: PendingTask;
  /** True while this request's resolve is in flight: every answer is disabled. */
  sending: boolean;
  /** A failure other than 409 (shown in the dialog; the user may try again). */
  error: Error | null;
  onAnswer: (body: ResolveBody) => void;
  /** Permissions' "Deny": close and put the focus in the composer. */
  onWriteMessage: () => void;
  /** Radix's focus return on close (the banner sends it to the composer after "Write a message instead"). */
  onCloseAutoFocus?: (event: Event) => void;
}

const TITLES = { integrations: "Install integrations", permissions: "Approve a permission" } as const;

/**
 * The approval dialog (Radix: focus trapped, Esc closes, labelled by its title and description). It answers
 * the one request the chat's latest message waits on; the forms only build the resolve body.
 */
export function ApprovalDialog({
  open,
  onOpenChange,
  task,
  sending,
  error,
  onAnswer,
  onWriteMessage,
  onCloseAutoFocus,
}: ApprovalDialogProps) {
  const Icon = task.kind === "integrations" ? Plug : ShieldAlert;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <DialogOverlay />
        <Dialog.Content
          data-testid="approval-dialog"
          data-task={task.kind === "integrations" ? "integration" : "permissions"}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-border bg-card text-foreground shadow-xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div className="flex gap-3">
              <span
                className={
                  task.kind === "integrations"
                    ? "mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-indigo-500/10 text-indigo-600 dark:text-indigo-400"
                    : "mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-danger-muted text-danger"
                }
              >
                <Icon className="size-4" aria-hidden />
              </span>
              <div className="space-y-1">
                <Dialog.Title className="text-base font-semibold">{TITLES[task.kind]}</Dialog.Title>
                <Dialog.Description className="text-sm text-muted-foreground">
                  {task.kind === "integrations"
                    ? "The agent paused until these are installed. Tick what you installed; it continues without the rest."
                    : "The agent paused before running a tool that needs your explicit approval."}
                </Dialog.Description>
              </div>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X className="size-4" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <div className="min-h-0 overflow-y-auto px-5 py-4">
            {task.kind === "integrations" ? (
              <IntegrationRequestForm
                key={task.messageId}
                task={task}
                sending={sending}
                error={error}
                onAnswer={onAnswer}
              />
            ) : (
              <PermissionRequestForm
                key={task.messageId}
                task={task}
                sending={sending}
                error={error}
                onAnswer={onAnswer}
                onWriteMessage={onWriteMessage}
              />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
