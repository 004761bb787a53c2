"use client";

import { Download, FileQuestion, GitCompare, Pencil, Save } from "lucide-react";
import { useMemo, useState, type RefObject } from "react";
import { fileKindOf, imageDataUrl, languageOf, PLAIN_TEXT } from "@/lib/api/files";
import type { ChatFile } from "@/lib/api/schemas";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import { Spinner } from "@/components/ui/spinner";
import type { ChangeKind } from "./changed-files";
import { CodeEditor } from "./code-editor";
import { CodeView } from "./code-view";
import { DiffView } from "./diff-view";
import { downloadFile, fileSize, formatBytes } from "./download";
import { FileIcon } from "./file-icon";
import { LockToggle, type LockState } from "./lock-toggle";
import { UnsavedMarker } from "./unsaved-marker";

/** The previous version's content of the open file, for the diff. */
export type PreviousContent =
  { status: "loading" } | { status: "unavailable"; reason: string } | { status: "ok"; content: string | null };

const CHANGE_LABEL: Record<ChangeKind, string> = { created: "New", updated: "Changed", renamed: "Renamed" };

/** Editing the open file by hand (the panel holds the draft, so it outlives a re-render of the viewer). */
export interface FileEditing {
  /** The content editing began with; null while the file is only shown. */
  draft: string | null;
  /** Reads the editor's text (set while the editor is open). */
  textRef: RefObject<(() => string) | null>;
  /** The draft differs from the file as it was when editing began. */
  dirty: boolean;
  /** Why the file cannot be edited now (the agent is generating, no write permission, no such operation). */
  disabledReason: string | null;
  saving: boolean;
  onStart: () => void;
  onDirty: (dirty: boolean) => void;
  onSave: () => void;
  onCancel: () => void;
}

export function FileViewer({
  file,
  lockState,
  onToggleLock,
  lockDisabledReason,
  lockBusy,
  change,
  previous,
  editing,
  initialMode = "file",
  line = null,
}: {
  file: ChatFile;
  /** Null when the lock is not known (no version yet). */
  lockState: LockState | null;
  onToggleLock: (locked: boolean) => void;
  lockDisabledReason: string | null;
  lockBusy: boolean;
  change: ChangeKind | undefined;
  previous: PreviousContent | null;
  /** Null: the file cannot be edited here (not text). */
  editing: FileEditing | null;
  /** Open on the diff (a link from the timeline's hand edit row). */
  initialMode?: "file" | "changes";
  /** A line to scroll to and mark (file:line in the preview's Problems). */
  line?: number | null;
}) {
  const kind = fileKindOf(file);
  const lang = kind === "text" ? languageOf(file.path) : PLAIN_TEXT;
  const size = useMemo(() => fileSize(file), [file]);
  const [mode, setMode] = useState<"file" | "changes">(initialMode);
  const isEditing = editing?.draft != null;
  const showChanges = !isEditing && mode === "changes" && !!change && kind === "text";

  return (
    <section
      className="flex min-h-0 min-w-0 flex-1 flex-col"
      aria-label={`File ${file.path}`}
      data-testid="file-viewer"
      data-path={file.path}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-border px-3 py-2">
        <FileIcon path={file.path} />
        <code className="min-w-0 flex-1 truncate font-mono text-xs" title={file.path}>
          {file.path}
          {editing?.dirty ? <UnsavedMarker className="ml-1.5" testId="unsaved-marker" /> : null}
        </code>
        {change ? (
          <span
            className="rounded bg-amber-500/15 px-1.5 py-0.5 text-[10px] font-medium text-amber-800 dark:text-amber-300"
            title="Changed by the latest message"
          >
            {CHANGE_LABEL[change]}
          </span>
        ) : null}
        <span className="font-mono text-[10px] text-muted-foreground uppercase">{kind === "text" ? lang : kind}</span>
        <span className="text-[10px] text-muted-foreground tabular-nums">{formatBytes(size)}</span>
        <div className="flex items-center gap-0.5">
          {editing && isEditing ? (
            <>
              <Button
                size="sm"
                variant="primary"
                className="h-6 px-2 text-xs"
                onClick={editing.onSave}
                disabled={!!editing.disabledReason || editing.saving}
                title={editing.disabledReason ?? "Save (Ctrl+S / ⌘S)"}
                data-testid="save-file"
              >
                <Save className="size-3.5" aria-hidden /> {editing.saving ? "Saving…" : "Save"}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="h-6 px-2 text-xs"
                onClick={editing.onCancel}
                data-testid="cancel-edit"
                title="Leave the editor (Esc)"
              >
                Cancel
              </Button>
            </>
          ) : editing ? (
            <button
              type="button"
              onClick={editing.onStart}
              disabled={!!editing.disabledReason}
              title={editing.disabledReason ?? `Edit ${file.path} by hand`}
              data-testid="edit-file"
              className="inline-flex h-6 items-center gap-1 rounded px-1.5 text-xs text-muted-foreground hover:bg-muted hover:text-foreground disabled:cursor-not-allowed disabled:opacity-50"
            >
              <Pencil className="size-3.5" aria-hidden />
              Edit
            </button>
          ) : null}
          {change && kind === "text" && !isEditing ? (
            <button
              type="button"
              data-testid="diff-toggle"
              aria-pressed={mode === "changes"}
              onClick={() => setMode((m) => (m === "file" ? "changes" : "file"))}
              title={mode === "changes" ? "Show the file" : "Show what the latest message changed"}
              className="inline-flex h-6 items-center gap-1 rounded px-1.5 text-xs text-muted-foreground hover:bg-muted hover:text-foreground aria-pressed:bg-muted aria-pressed:text-foreground"
            >
              <GitCompare className="size-3.5" aria-hidden />
              Changes
            </button>
          ) : null}
          {lockState ? (
            <LockToggle
              state={lockState}
              label={file.path}
              onToggle={onToggleLock}
              disabled={!!lockDisabledReason}
              disabledReason={lockDisabledReason ?? undefined}
              busy={lockBusy}
            />
          ) : null}
          {kind === "text" ? <CopyButton value={file.content} label={`Copy ${file.path}`} /> : null}
          <button
            type="button"
            onClick={() => downloadFile(file)}
            aria-label={`Download ${file.path}`}
            title="Download"
            data-testid="download-file"
            className="inline-flex size-6 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <Download className="size-3.5" aria-hidden />
          </button>
        </div>
      </header>
      {lockState === "locked" ? (
        <p className="border-b border-border bg-amber-500/10 px-3 py-1 text-xs text-amber-800 dark:text-amber-200">
          Locked: the agent will not change, rename or delete this file.
        </p>
      ) : null}
      {editing?.disabledReason ? (
        <p
          className="border-b border-border bg-muted px-3 py-1 text-xs text-muted-foreground"
          role="status"
          data-testid="edit-disabled-note"
        >
          {isEditing
            ? `Editing is paused: ${editing.disabledReason}`
            : `Editing is unavailable: ${editing.disabledReason}`}
        </p>
      ) : null}
      {editing && isEditing ? (
        <CodeEditor
          key={file.path}
          path={file.path}
          initial={editing.draft!}
          onDirty={editing.onDirty}
          textRef={editing.textRef}
          onSave={editing.onSave}
          onCancel={editing.onCancel}
          readOnly={!!editing.disabledReason}
        />
      ) : showChanges ? (
        previous?.status === "ok" ? (
          <DiffView path={file.path} previous={previous.content} current={file.content} />
        ) : previous?.status === "loading" ? (
          <div className="flex items-center gap-2 p-4 text-sm text-muted-foreground">
            <Spinner /> Loading the previous version…
          </div>
        ) : (
          <p className="p-4 text-sm text-muted-foreground">
            {previous?.status === "unavailable" ? previous.reason : "No previous version to compare with."}
          </p>
        )
      ) : kind === "text" ? (
        <CodeView key={file.path} path={file.path} content={file.content} lang={lang} line={line} />
      ) : kind === "image" ? (
        <div className="flex min-h-0 flex-1 items-center justify-center overflow-auto bg-[repeating-conic-gradient(var(--muted)_0%_25%,transparent_0%_50%)] bg-[length:16px_16px] p-4">
          {/* A data: URL of the file's own bytes (no request, no script runs in an <img>). next/image would add
              nothing for it: there is no remote image to optimise and its size is not known in advance. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={imageDataUrl(file) ?? undefined}
            alt={file.path}
            data-testid="image-view"
            className="max-h-full max-w-full object-contain shadow"
          />
        </div>
      ) : (
        <div
          className={cn("flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center")}
          data-testid="binary-view"
        >
          <FileQuestion className="size-8 text-muted-foreground" aria-hidden />
          <p className="text-sm">This is a binary file ({formatBytes(size)}); it cannot be shown here.</p>
          <Button onClick={() => downloadFile(file)}>
            <Download className="size-4" aria-hidden /> Download {file.path.split("/").pop()}
          </Button>
        </div>
      )}
    </section>
  );
}
