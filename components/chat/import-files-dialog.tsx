"use client";

import { FileArchive, FileUp, FolderUp, GitBranch, Upload } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type ChangeEvent, type DragEvent } from "react";
import { toast } from "sonner";
import { formatBytes } from "@/components/files/download";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { AppDialog } from "@/components/ui/dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import { TextAreaField } from "@/components/ui/text-field";
import { planImport, SKIP_REASONS, type ImportPlan, type PickedFile } from "@/lib/api/files";
import { useImportChat } from "@/lib/hooks/use-chats";
import { ChoiceGroup, type Choice } from "@/components/settings/choice-group";
import { ImportFromUrlForm } from "./import-from-url-form";
import { readDropped } from "./read-dropped";

type Source = "files" | "repo" | "zip";
const SOURCES: readonly Choice<Source>[] = [
  { value: "files", label: "Your files", hint: "Pick or drop files or a folder", icon: FileUp },
  { value: "repo", label: "From a Git repository", hint: "A URL and a branch", icon: GitBranch },
  { value: "zip", label: "From a zip URL", hint: "An archive on the web", icon: FileArchive },
];

/** The picked files' paths: relative to the picked folder when a folder was picked, else their names. */
async function readPicked(list: FileList): Promise<PickedFile[]> {
  return Promise.all(
    Array.from(list, async (file) => ({
      path: file.webkitRelativePath || file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    })),
  );
}

/**
 * "Import files": starts a chat from files on the user's machine (v1 initialization). Pick or drop files or a folder;
 * the dialog lists what will be imported and what is skipped with why (dependencies, binaries, > 3 MB), and
 * refuses what the service would (over 1,000 files, a request too large) before sending anything.
 */
export function ImportFilesDialog() {
  const router = useRouter();
  const importChat = useImportChat();
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [reading, setReading] = useState(false);
  const [context, setContext] = useState("");
  const [dragging, setDragging] = useState(false);
  const [source, setSource] = useState<Source>("files");
  const busy = reading || importChat.isPending;
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const reset = () => {
    setSource("files");
    setPlan(null);
    setContext("");
    importChat.reset();
  };

  // While the dialog is open, a drop that misses the form must not make the browser open the file instead.
  useEffect(() => {
    if (!open) return;
    const guard = (e: globalThis.DragEvent) => e.preventDefault();
    window.addEventListener("dragover", guard);
    window.addEventListener("drop", guard);
    return () => {
      window.removeEventListener("dragover", guard);
      window.removeEventListener("drop", guard);
    };
  }, [open]);

  const plans = async (read: Promise<PickedFile[]>) => {
    setReading(true);
    importChat.reset();
    try {
      setPlan(planImport(await read));
    } finally {
      setReading(false);
    }
  };

  const onPicked = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    if (!input.files || input.files.length === 0) return;
    await plans(readPicked(input.files));
    input.value = "";
  };

  const onDrop = (e: DragEvent<HTMLFormElement>) => {
    e.preventDefault();
    setDragging(false);
    if (busy || !e.dataTransfer.types.includes("Files")) return;
    void plans(readDropped(e.dataTransfer));
  };

  const submit = () => {
    if (!plan || plan.blocked || plan.files.length === 0) return;
    importChat.mutate(
      { files: plan.files, initialContext: context.trim() || undefined },
      {
        onSuccess: (chat) => {
          setOpen(false);
          toast.success(`Imported ${plan.files.length} ${plan.files.length === 1 ? "file" : "files"}`);
          router.push(`/chats/${encodeURIComponent(chat.id)}`);
        },
      },
    );
  };

  const ready = !!plan && !plan.blocked && plan.files.length > 0;

  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => {
          reset();
          setOpen(true);
        }}
        data-testid="import-files"
      >
        <Upload className="size-4" aria-hidden />
        Import files
      </Button>
      <AppDialog
        open={open}
        onOpenChange={(next) => {
          if (!importChat.isPending) setOpen(next);
        }}
        title="Start a chat from files"
        testId="import-files-dialog"
        className="max-w-xl"
        description="The files become the chat's first version, with nothing generated yet; send a prompt to have the agent change them. Up to 1,000 files of 3 MB each."
      >
        <div className="mb-4">
          <ChoiceGroup
            name="import-source"
            legend="Import from"
            value={source}
            choices={SOURCES}
            onChange={setSource}
          />
        </div>
        {source !== "files" ? (
          <ImportFromUrlForm key={source} kind={source} onDone={() => setOpen(false)} />
        ) : (
          <form
            className="space-y-4"
            onDragOver={(e) => {
              e.preventDefault();
              e.dataTransfer.dropEffect = "copy";
              setDragging(true);
            }}
            onDragLeave={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
            }}
            onDrop={onDrop}
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <div
              className={cn(
                "flex flex-wrap items-center gap-2 rounded-lg border border-dashed p-3 transition-colors",
                dragging ? "border-ring bg-muted" : "border-border",
              )}
              data-testid="import-drop-zone"
            >
              <Button onClick={() => filesInput.current?.click()} disabled={busy}>
                <FileUp className="size-4" aria-hidden />
                Choose files
              </Button>
              <Button onClick={() => folderInput.current?.click()} disabled={busy}>
                <FolderUp className="size-4" aria-hidden />
                Choose a folder
              </Button>
              <input
                ref={filesInput}
                type="file"
                multiple
                hidden
                onChange={onPicked}
                data-testid="import-files-input"
              />
              <input
                ref={folderInput}
                type="file"
                hidden
                onChange={onPicked}
                data-testid="import-folder-input"
                {...{ webkitdirectory: "", directory: "" }}
              />
              <span className="text-xs text-muted-foreground">or drop files or a folder here</span>
            </div>

            {reading ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
                <Spinner /> Reading the files…
              </p>
            ) : plan ? (
              <ImportSummary plan={plan} />
            ) : (
              <p className="text-sm text-muted-foreground">
                No files chosen yet. Dependencies (node_modules) and .git are left out.
              </p>
            )}

            <TextAreaField
              id="import-context"
              label="What is this code?"
              optional
              hint="Passed to the service as the chat's initial context; it also names the chat."
              value={context}
              onChange={(e) => setContext(e.target.value)}
              rows={2}
              maxLength={2000}
              placeholder="e.g. “Our marketing site, plain HTML and CSS”"
              disabled={importChat.isPending}
            />

            {importChat.error ? <ErrorPanel error={importChat.error} title="The files were not imported" /> : null}

            <div className="flex justify-end gap-2">
              <Button onClick={() => setOpen(false)} disabled={importChat.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="primary" disabled={!ready || busy} data-testid="import-submit">
                {importChat.isPending ? <Spinner /> : null}
                {plan && plan.files.length > 0
                  ? `Import ${plan.files.length} ${plan.files.length === 1 ? "file" : "files"}`
                  : "Import"}
              </Button>
            </div>
          </form>
        )}
      </AppDialog>
    </>
  );
}

function ImportSummary({ plan }: { plan: ImportPlan }) {
  return (
    <div className="space-y-2" data-testid="import-summary">
      <p className="text-sm" role="status">
        {plan.files.length === 0 ? (
          "None of the chosen files can be imported."
        ) : (
          <>
            <strong>{plan.files.length}</strong> {plan.files.length === 1 ? "file" : "files"} to import (
            {formatBytes(plan.totalBytes)}){plan.skipped.length ? `, ${plan.skipped.length} skipped` : ""}.
          </>
        )}
      </p>
      {plan.blocked ? (
        <p className="text-sm text-danger" role="alert" data-testid="import-blocked">
          {plan.blocked}
        </p>
      ) : null}
      {plan.files.length ? (
        <ul
          className="max-h-40 overflow-y-auto rounded-md border border-border px-3 py-2 font-mono text-xs"
          aria-label="Files to import"
        >
          {plan.files.map((f) => (
            <li key={f.name} className="truncate" title={f.name}>
              {f.name}
            </li>
          ))}
        </ul>
      ) : null}
      {plan.skipped.length ? (
        <details className="text-xs text-muted-foreground">
          <summary className="cursor-pointer">Skipped ({plan.skipped.length})</summary>
          <ul
            className="mt-1 max-h-32 space-y-0.5 overflow-y-auto"
            aria-label="Skipped files"
            data-testid="import-skipped"
          >
            {plan.skipped.map((s) => (
              <li key={`${s.path}:${s.reason}`} className="truncate">
                <span className="font-mono">{s.path}</span>: {SKIP_REASONS[s.reason]}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
