"use client";

import { ChevronRight, RefreshCw } from "lucide-react";
import { useState } from "react";
import { DiffView } from "@/components/files/diff-view";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import type { GitIncoming, GitIncomingFile } from "@/lib/api/schemas";
import { useGitIncoming } from "@/lib/hooks/use-git";

/** Each change in the words the pull's record uses (git-fields.tsx `PulledFiles`), and its colour. */
const CHANGE: Record<GitIncomingFile["change"], { label: string; tone: string }> = {
  added: { label: "created", tone: "text-success" },
  modified: { label: "updated", tone: "text-muted-foreground" },
  deleted: { label: "deleted", tone: "text-danger" },
};

/**
 * One file a pull would change: its path and change, opening onto its line diff (chat's → branch's). The diff is
 * computed once the file is opened (a pull may change hundreds of files).
 */
function IncomingFile({ file }: { file: GitIncomingFile }) {
  const [opened, setOpened] = useState(false);
  return (
    <li data-testid="git-incoming-file">
      <details className="group w-full" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
        <summary className="flex cursor-pointer list-none items-center gap-1 rounded select-none hover:text-foreground [&::-webkit-details-marker]:hidden">
          <ChevronRight className="size-3.5 shrink-0 transition-transform group-open:rotate-90" aria-hidden />
          <span className={file.change === "deleted" ? "truncate font-mono line-through" : "truncate font-mono"}>
            {file.path}
          </span>
          <span className={`ml-auto shrink-0 ${CHANGE[file.change].tone}`}>{CHANGE[file.change].label}</span>
        </summary>
        {!opened ? null : file.binary ? (
          <p className="mt-2 text-xs text-muted-foreground">A binary file: its change is not shown as a diff.</p>
        ) : (
          <div className="mt-2 flex max-h-72 flex-col overflow-hidden rounded-md border border-border">
            <DiffView
              path={file.path}
              previous={file.before}
              current={file.after ?? ""}
              against={file.change === "deleted" ? "Deleted on the branch" : "The chat's file → the branch's"}
            />
          </div>
        )}
      </details>
    </li>
  );
}

function Summary({ incoming }: { incoming: GitIncoming }) {
  const commit = (
    <code className="font-mono" title={incoming.commit}>
      {incoming.commit.slice(0, 7)}
    </code>
  );
  if (!incoming.behind) return <>Up to date: {incoming.branch} has nothing new, a pull would change nothing.</>;
  if (!incoming.files.length)
    return (
      <>
        {incoming.branch} moved to {commit}, but its files are the chat&apos;s: a pull records the sync only.
      </>
    );
  const n = incoming.files.length;
  return (
    <>
      {n} {n === 1 ? "file" : "files"} would change: {incoming.branch} is at {commit}.
    </>
  );
}

/**
 * Details → Git: what a pull would bring, asked of the remote without pulling (GET …/git/incoming): a count and one
 * disclosure per file with its diff, and a button to ask again (someone may have pushed since).
 */
export function GitIncomingChanges({ chatId }: { chatId: string }) {
  const incoming = useGitIncoming(chatId, true);
  return (
    <div className="space-y-2" data-testid="git-incoming">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs" role="status" data-testid="git-incoming-summary">
          {incoming.isPending ? (
            <span className="flex items-center gap-2 text-muted-foreground">
              <Spinner /> Asking the branch what a pull would bring…
            </span>
          ) : incoming.data ? (
            <Summary incoming={incoming.data} />
          ) : null}
        </p>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => void incoming.refetch()}
          disabled={incoming.isFetching}
          aria-label="Check the branch again"
          title="Check the branch again"
          data-testid="git-incoming-refresh"
        >
          <RefreshCw className={incoming.isFetching ? "size-4 animate-spin" : "size-4"} aria-hidden />
        </Button>
      </div>
      {incoming.data?.files.length ? (
        <ul
          className="space-y-1.5 rounded-md border border-border px-3 py-2 text-xs"
          aria-label="Files a pull would change"
        >
          {incoming.data.files.map((f) => (
            <IncomingFile key={f.path} file={f} />
          ))}
        </ul>
      ) : null}
      {incoming.error ? <ErrorPanel error={incoming.error} title="What a pull would bring could not be read" /> : null}
    </div>
  );
}
