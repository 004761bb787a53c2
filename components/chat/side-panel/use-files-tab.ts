import { useCallback, useMemo } from "react";
import { toast } from "sonner";
import { lockStateOf, normalizePath } from "@/lib/api/files";
import type { Chat, Message } from "@/lib/api/schemas";
import {
  useChatFiles,
  useLatestVersion,
  useLockToggle,
  useRefreshFilesAfterGeneration,
  useVersion,
} from "@/lib/hooks/use-files";
import { useCanWrite } from "@/lib/hooks/person";
import { useHandEditSupport } from "@/lib/hooks/use-hand-edit-support";
import { changedFilesOf } from "../../files/changed-files";
import { useFileActions } from "../../files/file-actions";
import { useFileEditing } from "../../files/file-editing";
import type { PreviousContent } from "../../files/file-viewer";

/**
 * The Files tab's state: the chat's files with their locks (from the latest version) and the latest message's
 * changes, the open file with what it was before (for its diff), lock toggling, hand edits and the tree's actions
 * (new, rename or move, delete; renaming or deleting the file being edited with unsaved changes asks first).
 */
export function useFilesTab({
  chatId,
  chat,
  messages,
  generating,
  selected,
  setParams,
}: {
  chatId: string;
  chat: Chat | undefined;
  messages: readonly Message[];
  generating: boolean;
  /** The open file's normalized path. */
  selected: string | null;
  setParams: (change: Record<string, string | null>) => void;
}) {
  const files = useChatFiles(chatId);
  const latest = useLatestVersion(chatId);
  const { toggle, pending } = useLockToggle(chatId);
  useRefreshFilesAfterGeneration(chatId, generating);

  const versionFiles = useMemo(() => latest.data?.version.files ?? [], [latest.data]);
  const locks = useMemo(() => new Map(versionFiles.map((f) => [normalizePath(f.name), f.locked])), [versionFiles]);
  const treeInputs = useMemo(
    () => (files.data?.files ?? []).map((f) => ({ path: f.path, locked: locks.get(normalizePath(f.path)) ?? false })),
    [files.data, locks],
  );
  const changed = useMemo(() => changedFilesOf(messages), [messages]);
  const lockDisabledReason = generating
    ? "The agent is generating: locks can be changed once it has finished."
    : chat && !chat.writePermission
      ? "You cannot write to this chat."
      : null;
  // A viewer neither locks nor edits: no toggles, no editor, no tree actions.
  const canWrite = useCanWrite();
  const locksKnown = !!latest.data && canWrite;

  const file = selected ? files.data?.files.find((f) => normalizePath(f.path) === selected) : undefined;
  const change = file ? changed.get(normalizePath(file.path)) : undefined;
  const previousId = latest.data?.previousId ?? null;
  const previousVersion = useVersion(chatId, previousId, !!change && change !== "created");
  const previous: PreviousContent | null = !change
    ? null
    : change === "created"
      ? { status: "ok", content: null }
      : !previousId
        ? { status: "unavailable", reason: "There is no previous version to compare with." }
        : previousVersion.isPending
          ? { status: "loading" }
          : previousVersion.error || !previousVersion.data
            ? { status: "unavailable", reason: "The previous version could not be loaded." }
            : {
                status: "ok",
                content: previousVersion.data.files.find((f) => normalizePath(f.name) === selected)?.content ?? null,
              };

  const onToggleLock = useCallback(
    (target: string, locked: boolean) => {
      void toggle(target, locked).then((ok) => {
        if (ok) toast.success(`${locked ? "Locked" : "Unlocked"} ${target || "all files"}`, { duration: 2000 });
      });
    },
    [toggle],
  );

  const support = useHandEditSupport(chatId);
  const editBlocked =
    support.unsupported ??
    (generating
      ? "the agent is generating; you can edit once it has finished."
      : chat && !chat.writePermission
        ? "you cannot write to this chat."
        : null);
  const edit = useFileEditing({
    chatId,
    file,
    refetchFiles: async () => (await files.refetch()).data?.files,
    blockedReason: editBlocked,
    learn: support.learn,
  });
  const fileActions = useFileActions({
    chatId,
    files: files.data?.files ?? [],
    disabledReason: editBlocked,
    learn: support.learn,
    onDone: (path, removed) => {
      if (path) setParams({ file: path, tab: null, view: null });
      else if (selected && removed.includes(selected)) setParams({ file: null, view: null });
    },
  });
  // Renaming or deleting the file being edited with unsaved changes asks first, as leaving it does.
  const editingPath = edit.editingPath ? normalizePath(edit.editingPath) : null;
  const touchesDraft = (path: string) => !!editingPath && (editingPath === path || editingPath.startsWith(`${path}/`));
  const treeActions = {
    ...fileActions.actions,
    onRename: (path: string, kind: "file" | "folder") => {
      if (!touchesDraft(path) || edit.mayLeave()) fileActions.actions.onRename(path, kind);
    },
    onDelete: (path: string, kind: "file" | "folder") => {
      if (!touchesDraft(path) || edit.mayLeave()) fileActions.actions.onDelete(path, kind);
    },
  };

  const fileLockState =
    file && locksKnown && locks.has(normalizePath(file.path)) ? lockStateOf(versionFiles, file.path) : null;

  return {
    files,
    latest,
    pending,
    treeInputs,
    changed,
    lockDisabledReason,
    locksKnown,
    canWrite,
    file,
    change,
    previous,
    fileLockState,
    onToggleLock,
    edit,
    editingPath,
    fileActions,
    treeActions,
  };
}

export type FilesTabState = ReturnType<typeof useFilesTab>;
