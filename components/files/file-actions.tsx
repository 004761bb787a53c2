"use client";

import { useCallback, useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { normalizePath } from "@/lib/api/files";
import { isServiceError } from "@/lib/api/errors";
import type { ChatFile } from "@/lib/api/schemas";
import type { UpdateFilesBody } from "@/lib/api";
import { useUpdateFiles } from "@/lib/hooks/use-files";
import { AppDialog } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

/** What the tree offers on a row (its context menu and keys) and in its toolbar; `disabledReason` turns them off. */
export interface TreeActions {
  disabledReason: string | null;
  /** A new file in `folder` ("" for the top). */
  onNew: (folder: string) => void;
  onRename: (path: string, kind: "file" | "folder") => void;
  onDelete: (path: string, kind: "file" | "folder") => void;
}

type Action =
  | { mode: "new"; folder: string }
  | { mode: "rename"; path: string; kind: "file" | "folder" }
  | { mode: "delete"; path: string; kind: "file" | "folder" };

type Changes = UpdateFilesBody["files"];

const under = (folder: string, path: string) => path.startsWith(`${folder}/`);
const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/**
 * The changes one action asks for, each action one `PATCH /v2/chats/{chatId}/files`: a new file is an empty file; a
 * rename or move is a delete of the old path plus the same content at the new one (the service records it as a
 * rename); a folder's rename moves every file in it; a delete is `content: null` for the file or every file in the
 * folder. A string is what is wrong with the input before anything is sent.
 */
function changesFor(
  action: Action,
  input: string,
  files: readonly Pick<ChatFile, "path" | "content">[],
): Changes | string {
  const paths = new Set(files.map((f) => normalizePath(f.path)));
  const target = normalizePath(input.trim());
  if (action.mode === "delete") {
    const gone = action.kind === "file" ? [action.path] : [...paths].filter((p) => under(action.path, p));
    return gone.map((path) => ({ path, content: null }));
  }
  if (!target) return "Give the file a name.";
  if (action.mode === "new") {
    if (paths.has(target)) return `There is already a file at ${target}.`;
    if ([...paths].some((p) => under(target, p))) return `${target} is a folder.`;
    return [{ path: target, content: "" }];
  }
  if (target === action.path) return "The new path is the old one.";
  const moved = files
    .map((f) => ({ ...f, path: normalizePath(f.path) }))
    .filter((f) => (action.kind === "file" ? f.path === action.path : under(action.path, f.path)));
  const changes: Changes = [];
  for (const file of moved) {
    const to = action.kind === "file" ? target : `${target}${file.path.slice(action.path.length)}`;
    if (paths.has(to)) return `There is already a file at ${to}.`;
    changes.push({ path: file.path, content: null }, { path: to, content: file.content });
  }
  return changes;
}

/** The service's 422 issues as lines to show by the input ("files.1.path: …" → "…"). */
function issueLines(error: unknown): string[] | null {
  if (!isServiceError(error) || error.status !== 422) return null;
  const issues = (error.body as { issues?: { path?: unknown; error?: unknown }[] } | null)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return [error.message];
  return [...new Set(issues.map((i) => String(i.error ?? error.message)))];
}

/**
 * New file, rename/move and delete from the file tree: the dialog each opens (a path to type, or a confirmation),
 * one request per action, the service's refusal (422 issues) shown by the input, and the tree's selection moved to
 * the new path afterwards (`onDone`; null after a delete). `beforeChange` may refuse to start (unsaved edits).
 */
export function useFileActions(opts: {
  chatId: string;
  files: readonly ChatFile[];
  disabledReason: string | null;
  onDone: (path: string | null, removed: readonly string[]) => void;
  /** A failed request: true when it showed the deployment has no such operation (then editing is switched off). */
  learn: (error: unknown) => Promise<boolean>;
}) {
  const { chatId, files, disabledReason, onDone, learn } = opts;
  const [action, setAction] = useState<Action | null>(null);
  const [input, setInput] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const update = useUpdateFiles(chatId);

  const start = useCallback((next: Action, value: string) => {
    setAction(next);
    setInput(value);
    setErrors([]);
  }, []);

  const actions: TreeActions = {
    disabledReason,
    onNew: (folder) => start({ mode: "new", folder }, folder ? `${folder}/` : ""),
    onRename: (path, kind) => start({ mode: "rename", path, kind }, path),
    onDelete: (path, kind) => start({ mode: "delete", path, kind }, path),
  };

  const submit = async () => {
    if (!action || update.isPending) return;
    const changes = changesFor(action, input, files);
    if (typeof changes === "string") return setErrors([changes]);
    if (!changes.length) return setAction(null);
    try {
      await update.mutateAsync(changes);
    } catch (error) {
      if (await learn(error)) {
        setErrors([`This service does not offer editing files: nothing was changed.`]);
        return;
      }
      setErrors(issueLines(error) ?? [error instanceof Error ? error.message : String(error)]);
      return;
    }
    const target = normalizePath(input.trim());
    const removed = changes.filter((c) => c.content === null).map((c) => c.path);
    setAction(null);
    if (action.mode === "delete") {
      toast.success(`Deleted ${action.path}`, { duration: 2000 });
      onDone(null, removed);
    } else if (action.mode === "new") {
      toast.success(`Created ${target}`, { duration: 2000 });
      onDone(target, removed);
    } else {
      toast.success(`Renamed ${action.path} to ${target}`, { duration: 2000 });
      // A folder's rename selects its first file.
      onDone(action.kind === "file" ? target : (changes.find((c) => c.content !== null)?.path ?? null), removed);
    }
  };

  const dialog = (
    <FileActionDialog
      action={action}
      input={input}
      onInput={(value) => {
        setInput(value);
        setErrors([]);
      }}
      errors={errors}
      busy={update.isPending}
      count={action?.mode === "delete" && action.kind === "folder" ? changesForCount(action.path, files) : 1}
      onSubmit={() => void submit()}
      onClose={() => setAction(null)}
    />
  );
  return { actions, dialog };
}

const changesForCount = (folder: string, files: readonly ChatFile[]) =>
  files.filter((f) => under(folder, normalizePath(f.path))).length;

const TITLES = { new: "New file", rename: "Rename or move", delete: "Delete" } as const;

function FileActionDialog({
  action,
  input,
  onInput,
  errors,
  busy,
  count,
  onSubmit,
  onClose,
}: {
  action: Action | null;
  input: string;
  onInput: (value: string) => void;
  errors: readonly string[];
  busy: boolean;
  count: number;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const onForm = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const title = !action
    ? ""
    : action.mode === "new"
      ? TITLES.new
      : `${TITLES[action.mode]} ${action.kind === "folder" ? `the folder ${action.path}` : nameOf(action.path)}`;
  const description = !action
    ? undefined
    : action.mode === "new"
      ? "The path of the new, empty file; folders are made as needed (src/app.css)."
      : action.mode === "rename"
        ? "The new path: another name renames it, another folder moves it."
        : action.kind === "folder"
          ? `Delete the folder ${action.path} and the ${count} ${count === 1 ? "file" : "files"} in it? This makes a new version; an earlier one can be restored.`
          : `Delete ${action.path}? This makes a new version; an earlier one can be restored.`;
  const error = errors.join(" ");
  return (
    <AppDialog
      open={!!action}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={description}
      testId="file-action-dialog"
    >
      {action ? (
        <form onSubmit={onForm} className="space-y-4" noValidate>
          {action.mode === "delete" ? (
            error ? (
              <p className="text-sm text-danger" role="alert" data-testid="file-action-error">
                {error}
              </p>
            ) : null
          ) : (
            <TextField
              id={`${id}-path`}
              label="Path"
              value={input}
              onChange={(e) => onInput(e.target.value)}
              error={error || undefined}
              autoFocus
              autoComplete="off"
              spellCheck={false}
              data-testid="file-action-input"
              onFocus={(e) => {
                // Select the name without its extension, as file managers do.
                const value = e.target.value;
                const start = value.lastIndexOf("/") + 1;
                const dot = value.lastIndexOf(".");
                e.target.setSelectionRange(start, dot > start ? dot : value.length);
              }}
            />
          )}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={action.mode === "delete" ? "danger" : "primary"}
              disabled={busy}
              data-testid="file-action-submit"
            >
              {busy ? "Saving…" : action.mode === "new" ? "Create" : action.mode === "rename" ? "Rename" : "Delete"}
            </Button>
          </div>
        </form>
      ) : null}
    </AppDialog>
  );
}
