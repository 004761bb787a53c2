"use client";

import { MessageSquareText, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { approvePermissionsBody, type PendingTask } from "@/lib/api/pending";
import type { ResolveBody } from "@/lib/api/schemas";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { JsonView } from "@/components/ui/json-view";
import { Spinner } from "@/components/ui/spinner";
import { AnswerError } from "./answer-error";

type PermissionsTask = Extract<PendingTask, { kind: "permissions" }>;

const commandOf = (input: unknown): string | null => {
  if (typeof input !== "object" || input === null) return null;
  const command = (input as Record<string, unknown>).command;
  return typeof command === "string" ? command : null;
};

/**
 * Permissions: the tool, its input (JSON), the service's userMessage (plain text) and a danger warning.
 * Approve sends the pending items unchanged (`confirmed-permissions`). There is no "deny" call in the
 * interface: Deny explains that sending another message rejects the request.
 */
export function PermissionRequestForm({
  task,
  sending,
  error,
  onAnswer,
  onWriteMessage,
}: {
  task: PermissionsTask;
  sending: boolean;
  error: Error | null;
  onAnswer: (body: ResolveBody) => void;
  onWriteMessage: () => void;
}) {
  const [denying, setDenying] = useState(false);
  return (
    <div className="space-y-4">
      {task.permissions.map((item, i) => {
        const command = commandOf(item.input);
        return (
          <section key={i} className="space-y-3" aria-label={`Permission ${i + 1}`} data-testid="approval-permission">
            <dl className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1.5 text-sm">
              <dt className="text-muted-foreground">Tool</dt>
              <dd className="min-w-0">
                <span className="font-medium">{item.toolDisplayName || item.toolName}</span>{" "}
                {item.toolDisplayName ? (
                  <code className="font-mono text-xs text-muted-foreground">{item.toolName}</code>
                ) : null}
              </dd>
              {command ? (
                <>
                  <dt className="text-muted-foreground">Command</dt>
                  <dd className="flex min-w-0 items-center gap-1">
                    <code className="truncate rounded bg-muted px-1.5 py-0.5 font-mono text-xs" title={command}>
                      {command}
                    </code>
                    <CopyButton value={command} label="Copy command" />
                  </dd>
                </>
              ) : null}
              {item.taskNameActive ? (
                <>
                  <dt className="text-muted-foreground">Task</dt>
                  <dd className="min-w-0 break-words">{item.taskNameActive}</dd>
                </>
              ) : null}
            </dl>
            {item.userMessage ? (
              <blockquote
                className="rounded-md border-l-2 border-border bg-muted/60 px-3 py-2 text-sm whitespace-pre-wrap"
                data-testid="permission-user-message"
              >
                {item.userMessage}
              </blockquote>
            ) : null}
            <div className="space-y-1">
              <div className="flex items-center justify-between">
                <span className="text-xs font-medium text-muted-foreground">Input</span>
                <CopyButton value={JSON.stringify(item.input ?? null, null, 2)} label="Copy input" />
              </div>
              <JsonView value={item.input ?? null} className="max-h-48" />
            </div>
          </section>
        );
      })}

      <p
        role="note"
        className="flex gap-2 rounded-md border border-danger-border bg-danger-muted px-3 py-2 text-sm text-danger"
        data-testid="danger-warning"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <strong className="font-semibold">Dangerous.</strong> Approving lets the agent run this exactly as shown, with
          the project&apos;s credentials; what else it can reach is the service&apos;s to say (above). Where it has a
          network it can change or delete data outside the project. Approve only if you trust it.
        </span>
      </p>

      <AnswerError error={error} />

      {denying ? (
        <div
          role="group"
          aria-label="Deny the request"
          className="space-y-3 rounded-md border border-border bg-muted/60 p-3 text-sm"
          data-testid="deny-explanation"
        >
          <p className="flex gap-2">
            <MessageSquareText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span>
              There is no separate &ldquo;deny&rdquo;: the request stays pending until you approve it or send another
              message.
              <strong className="font-medium"> Sending another message rejects it</strong>, and the agent works on your
              new message instead.
            </span>
          </p>
          <div className="flex justify-end gap-2">
            <Button size="sm" onClick={() => setDenying(false)}>
              Back
            </Button>
            <Button size="sm" variant="primary" onClick={onWriteMessage} data-testid="write-message-button">
              Write a message instead
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex justify-end gap-2">
          <Button size="sm" data-testid="reject-button" onClick={() => setDenying(true)} disabled={sending}>
            Deny
          </Button>
          <Button
            size="sm"
            variant="danger"
            data-testid="approve-button"
            onClick={() => onAnswer(approvePermissionsBody(task))}
            disabled={sending}
            aria-busy={sending || undefined}
          >
            {sending ? <Spinner className="size-3.5" /> : null}
            Approve and run
          </Button>
        </div>
      )}
    </div>
  );
}
