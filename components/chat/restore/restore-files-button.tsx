"use client";

import { History } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { isServiceError } from "@/lib/api/errors";
import { isUnsupported } from "@/lib/hooks/use-chats";
import { useRestoreMessage } from "@/lib/hooks/use-files";
import { Button } from "@/components/ui/button";
import { AppDialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useRestoreTarget } from "./restore-context";
import type { RestoreChange, RestoreTarget } from "./restore-targets";

const CHANGE_LABEL: Record<RestoreChange["change"], string> = {
  created: "removed (made later)",
  changed: "back to this answer's content",
  deleted: "brought back",
};

const CHANGE_TONE: Record<RestoreChange["change"], string> = {
  created: "text-danger",
  changed: "text-amber-600 dark:text-amber-400",
  deleted: "text-success",
};

/** Remembers, per tab, services that have no restore (404/405): the control goes away everywhere. */
let unsupported = false;

/**
 * "Restore these files" under an earlier assistant message that made a version: a confirmation lists the files the
 * later answers touched and what happens to each, then POST /v2/chats/{chatId}/restore-message makes the files as
 * they were after this answer (a new version; locked files keep their lock). Disabled while the agent works.
 */
export function RestoreFilesButton({ messageId }: { messageId: string }) {
  const found = useRestoreTarget(messageId);
  const [gone, setGone] = useState(unsupported);
  if (!found || gone) return null;
  return <RestoreFilesControl {...found} messageId={messageId} onUnsupported={() => setGone(true)} />;
}

function RestoreFilesControl({
  chatId,
  target,
  generating,
  messageId,
  onUnsupported,
}: {
  chatId: string;
  target: RestoreTarget;
  generating: boolean;
  messageId: string;
  onUnsupported: () => void;
}) {
  const restore = useRestoreMessage(chatId);
  const [open, setOpen] = useState(false);

  const confirm = () =>
    restore.mutate(messageId, {
      onSuccess: () => {
        setOpen(false);
        toast.success("Files restored", { description: "They are as this answer left them, as a new version." });
      },
      onError: (error) => {
        if (isUnsupported(error, chatId)) {
          unsupported = true;
          setOpen(false);
          onUnsupported();
          toast.error("This service cannot restore files", {
            description: "It has no POST /v2/chats/{chatId}/restore-message.",
          });
        }
      },
    });

  const error = restore.error;
  const already = isServiceError(error) && error.status === 409;
  return (
    <>
      <button
        type="button"
        onClick={() => {
          restore.reset();
          setOpen(true);
        }}
        disabled={generating}
        title={generating ? "Wait until the agent has finished" : "Make the files as this answer left them"}
        data-testid="restore-files"
        className="inline-flex items-center gap-1 self-start rounded px-1.5 py-0.5 text-xs text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-50"
      >
        <History className="size-3.5" aria-hidden />
        Restore these files
      </button>
      <AppDialog
        open={open}
        onOpenChange={(next) => {
          if (!restore.isPending) setOpen(next);
        }}
        title="Restore the files of this answer?"
        testId="restore-dialog"
        description="The chat's files become what they were right after this answer, as a new version; the later answers stay in the conversation. Locked files keep their lock."
      >
        <div className="space-y-3">
          {target.changes.length ? (
            <ul
              className="max-h-64 space-y-1 overflow-auto rounded-md border border-border p-2 text-sm"
              data-testid="restore-changes"
            >
              {target.changes.map((c) => (
                <li key={c.path} className="flex items-baseline justify-between gap-3" data-change={c.change}>
                  <code className="truncate font-mono text-xs">{c.path}</code>
                  <span className={`shrink-0 text-xs ${CHANGE_TONE[c.change]}`}>{CHANGE_LABEL[c.change]}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">
              The later answers name no file changes; the service compares the files.
            </p>
          )}
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {already
                ? `${error.message} Nothing was changed.`
                : `The files were not restored: ${error instanceof Error ? error.message : String(error)}`}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)} disabled={restore.isPending}>
              Cancel
            </Button>
            <Button
              size="sm"
              variant="primary"
              onClick={confirm}
              disabled={restore.isPending || generating}
              data-testid="restore-confirm"
            >
              {restore.isPending ? <Spinner className="size-4" /> : <History className="size-4" aria-hidden />}
              Restore files
            </Button>
          </div>
        </div>
      </AppDialog>
    </>
  );
}
