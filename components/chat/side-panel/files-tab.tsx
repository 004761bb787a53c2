"use client";

import { FolderTree } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { FileTree } from "../../files/file-tree";
import { FileViewer } from "../../files/file-viewer";
import type { FilesTabState } from "./use-files-tab";

const SKELETON_ROWS = ["h-5 w-4/5", "h-5 w-3/4", "h-5 w-2/3", "h-5 w-3/5", "h-5 w-1/2", "h-5 w-2/5"];

/**
 * The Files tab's content: the tree over the open file's viewer (or a note when the file asked for is not there), with
 * its loading, error and empty states.
 */
export function FilesTab({
  state,
  selected,
  generating,
  urlView,
  urlLine,
  onSelect,
}: {
  state: FilesTabState;
  selected: string | null;
  generating: boolean;
  /** `view=changes`: the file opens on its diff. */
  urlView: string | null;
  /** `line=`: the line to scroll to and mark. */
  urlLine: number | null;
  onSelect: (path: string) => void;
}) {
  const { files, latest, file, edit, pending, lockDisabledReason, onToggleLock } = state;
  if (files.error)
    return (
      <div className="p-3">
        <ErrorPanel error={files.error} title="The files could not be loaded" onRetry={() => void files.refetch()} />
      </div>
    );
  if (files.isPending)
    return (
      <div className="space-y-2 p-3" aria-busy="true" aria-label="Loading files">
        {SKELETON_ROWS.map((className, i) => (
          <Skeleton key={i} className={className} />
        ))}
      </div>
    );
  if (files.data.files.length === 0)
    return (
      <div className="p-4">
        <EmptyState icon={FolderTree} title={generating ? "The agent is writing files…" : "No files yet"}>
          The agent writes the app&apos;s files when it answers a prompt; they appear here.
        </EmptyState>
      </div>
    );
  return (
    <div
      className={
        file || selected
          ? "grid min-h-0 min-w-0 flex-1 grid-cols-[minmax(0,1fr)] grid-rows-[minmax(9rem,38%)_minmax(0,1fr)]"
          : "flex min-h-0 min-w-0 flex-1 flex-col"
      }
    >
      <div className="flex min-h-0 flex-col border-b border-border">
        {latest.error ? (
          <p className="border-b border-border bg-danger-muted px-3 py-1 text-xs text-danger" role="alert">
            Locks unavailable: the chat&apos;s version could not be loaded.
          </p>
        ) : null}
        <FileTree
          files={state.treeInputs}
          selected={selected}
          onSelect={onSelect}
          changed={state.changed}
          lockDisabledReason={lockDisabledReason}
          locksKnown={state.locksKnown}
          pendingLocks={pending}
          onToggleLock={onToggleLock}
          unsavedPath={edit.dirty ? state.editingPath : null}
          actions={state.canWrite ? state.treeActions : null}
        />
      </div>
      {file ? (
        <FileViewer
          // A link to the diff (`view=changes`) opens the file anew on its diff, even when it is open.
          key={`${file.path}|${urlView ?? ""}|${urlLine ?? ""}`}
          file={file}
          lockState={state.fileLockState}
          onToggleLock={(locked) => onToggleLock(file.path, locked)}
          lockDisabledReason={lockDisabledReason}
          lockBusy={pending.has(file.path)}
          change={state.change}
          previous={state.previous}
          editing={state.canWrite ? edit.editing : null}
          initialMode={urlView === "changes" ? "changes" : "file"}
          line={urlLine}
        />
      ) : selected ? (
        <p className="p-4 text-sm text-muted-foreground" role="status" data-testid="file-missing">
          <code className="font-mono text-xs">{selected}</code> is not among this chat&apos;s files: it may have been
          deleted or renamed.
        </p>
      ) : null}
    </div>
  );
}
