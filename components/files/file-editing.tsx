"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { normalizePath } from "@/lib/api/files";
import type { ChatFile } from "@/lib/api/schemas";
import { useUpdateFiles } from "@/lib/hooks/use-files";
import { AppDialog } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { DiffView } from "./diff-view";
import type { FileEditing } from "./file-viewer";

/** The file being edited: its path and its content when editing began (the text is the editor's). */
interface Draft {
  path: string;
  base: string;
}

/** The files changed under the person while they edited: what to show before they choose. */
interface Conflict {
  path: string;
  base: string;
  /** The file's content now (null: it was deleted). */
  theirs: string | null;
  mine: string;
}

/**
 * Editing one file by hand in the files panel: the draft, saving it as one `PATCH /v2/chats/{chatId}/files` (Save or
 * Ctrl/Cmd+S), leaving (Esc or Cancel, asking first when there are unsaved changes), the browser's guard before
 * leaving the page with unsaved changes, and the conflict when the file changed since editing began (the agent, or
 * another tab): the files are read again before saving, and a change there opens the conflict dialog instead.
 */
export function useFileEditing(opts: {
  chatId: string;
  file: ChatFile | undefined;
  /** Reads the chat's files again (what they are now, before a save). */
  refetchFiles: () => Promise<readonly ChatFile[] | undefined>;
  /** Why editing is not possible now (generating, no write permission, no such operation); null when it is. */
  blockedReason: string | null;
  /** A failed save: true when it showed the deployment has no such operation (editing is then switched off). */
  learn: (error: unknown) => Promise<boolean>;
}) {
  const { chatId, file, refetchFiles, blockedReason, learn } = opts;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [dirty, setDirty] = useState(false);
  const textRef = useRef<(() => string) | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const update = useUpdateFiles(chatId);
  const open = useCallback((next: Draft | null) => {
    setDraft(next);
    setDirty(false);
  }, []);

  // Leaving with unsaved changes asks first: the browser's own question before the page unloads (reload, another
  // site, closing the tab), and ours before a link moves to another page of the dashboard (a client-side navigation
  // unloads nothing). Runs in the capture phase, before Next's Link handles the click.
  useEffect(() => {
    if (!dirty || !draft) return;
    const guard = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      // A download (a file saved through a temporary link) or a new tab leaves nothing.
      if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin) return;
      if (window.confirm(`Discard your unsaved changes to ${draft.path}?`)) return open(null);
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener("beforeunload", guard);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", guard);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty, draft, open]);

  const write = useCallback(
    async (path: string, text: string) => {
      try {
        await update.mutateAsync([{ path, content: text }]);
        toast.success(`Saved ${path}`, { duration: 2000 });
        open(null);
        setConflict(null);
      } catch (error) {
        // A deployment without the operation: editing is switched off (the draft stays open to copy from).
        await learn(error);
        toast.error(`Could not save ${path}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    [update, open, learn],
  );

  const save = useCallback(async () => {
    if (!draft || update.isPending) return;
    const text = textRef.current?.() ?? draft.base;
    const files = await refetchFiles();
    const now = files?.find((f) => normalizePath(f.path) === normalizePath(draft.path));
    const theirs = now ? now.content : null;
    if (theirs !== draft.base) {
      setConflict({ path: draft.path, base: draft.base, theirs, mine: text });
      return;
    }
    if (text === draft.base) {
      open(null);
      return;
    }
    await write(draft.path, text);
  }, [draft, refetchFiles, update.isPending, write, open]);

  const cancel = useCallback(() => {
    if (dirty && !window.confirm(`Discard your unsaved changes to ${draft!.path}?`)) return;
    open(null);
  }, [dirty, draft, open]);

  /** Before opening another file: true when the editor may be left (nothing unsaved, or the person agreed). */
  const mayLeave = useCallback(() => {
    if (!dirty) return true;
    if (!window.confirm(`Discard your unsaved changes to ${draft!.path}?`)) return false;
    open(null);
    return true;
  }, [dirty, draft, open]);

  const disabledReason = blockedReason;
  const editing: FileEditing | null =
    file && file.encoding !== "base64"
      ? {
          draft: draft && normalizePath(draft.path) === normalizePath(file.path) ? draft.base : null,
          textRef,
          dirty,
          disabledReason,
          saving: update.isPending,
          onStart: () => open({ path: file.path, base: file.content }),
          onDirty: setDirty,
          onSave: () => void save(),
          onCancel: cancel,
        }
      : null;

  const dialog = (
    <EditConflictDialog
      conflict={conflict}
      saving={update.isPending}
      onKeepMine={() => conflict && void write(conflict.path, conflict.mine)}
      onTakeTheirs={() => {
        setConflict(null);
        open(null);
      }}
      onClose={() => setConflict(null)}
    />
  );
  return { editing, dirty, editingPath: draft?.path ?? null, mayLeave, dialog };
}

/**
 * The file changed since editing began: what changed there (from the content editing began with to the content
 * now), then the choice: keep mine (save it over theirs), take theirs (drop mine), or go back to editing.
 */
function EditConflictDialog({
  conflict,
  saving,
  onKeepMine,
  onTakeTheirs,
  onClose,
}: {
  conflict: Conflict | null;
  saving: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onClose: () => void;
}) {
  return (
    <AppDialog
      open={!!conflict}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={conflict ? `${conflict.path} changed while you edited it` : ""}
      description={
        conflict?.theirs === null
          ? "The file was deleted since you began editing (by the agent or in another tab)."
          : "Someone else changed the file since you began editing (the agent, or another tab). Their changes:"
      }
      className="max-w-3xl"
      testId="edit-conflict-dialog"
    >
      {conflict ? (
        <div className="space-y-4">
          {conflict.theirs !== null ? (
            <div className="max-h-[45dvh] overflow-auto rounded-md border border-border" data-testid="conflict-diff">
              <DiffView
                path={conflict.path}
                previous={conflict.base}
                current={conflict.theirs}
                against="Against the file when you began editing"
              />
            </div>
          ) : null}
          <p className="text-sm text-muted-foreground">
            Keep yours to save your version over theirs, or take theirs to drop your changes. Nothing is saved until you
            choose.
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={onClose}>
              Back to editing
            </Button>
            <Button onClick={onTakeTheirs} data-testid="take-theirs">
              Take theirs
            </Button>
            <Button variant="primary" onClick={onKeepMine} disabled={saving} data-testid="keep-mine">
              Keep mine
            </Button>
          </div>
        </div>
      ) : null}
    </AppDialog>
  );
}
