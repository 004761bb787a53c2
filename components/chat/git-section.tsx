"use client";

import { GitBranch, Download, Upload } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PanelSection } from "@/components/ui/panel-section";
import { RelativeTime } from "@/components/ui/relative-time";
import { Spinner } from "@/components/ui/spinner";
import { readPull, type GitPullRecord } from "@/lib/api/git-sync";
import type { Chat } from "@/lib/api/schemas";
import { useGitRemote, usePullFromGit, usePushToGit } from "@/lib/hooks/use-git";
import { PulledFiles, SourceFields } from "./git-fields";
import { GitIncomingChanges } from "./git-incoming";

/** What the last pull brought: the files it changed, or that the branch had nothing new. */
function PullOutcome({ pull }: { pull: GitPullRecord | "up-to-date" }) {
  if (pull === "up-to-date")
    return (
      <p className="text-xs text-muted-foreground" role="status" data-testid="git-pull-outcome">
        Already up to date: the branch has nothing new.
      </p>
    );
  return (
    <div className="space-y-1" data-testid="git-pull-outcome">
      <p className="text-xs" role="status">
        The pull brought {pull.entries.length} {pull.entries.length === 1 ? "change" : "changes"} at{" "}
        <code className="font-mono">{pull.commit}</code>:
      </p>
      <PulledFiles entries={pull.entries} className="rounded-md border border-border px-3 py-2 text-xs" />
    </div>
  );
}

/**
 * Details tab: the chat's Git remote (URL, branch, last sync) with what a pull would bring (per file, with its diff),
 * Push (the latest version as one commit on the branch) and Pull (the branch's files as a new version); without a
 * remote, a repository and branch to push to.
 */
export function GitSection({ chat, generating }: { chat: Chat | undefined; generating: boolean }) {
  const chatId = chat?.id ?? "";
  const remote = useGitRemote(chatId);
  const push = usePushToGit(chatId);
  const pull = usePullFromGit(chatId);
  const [url, setUrl] = useState("");
  const [branch, setBranch] = useState("");
  const [pulled, setPulled] = useState<GitPullRecord | "up-to-date" | null>(null);
  if (!chat) return null;
  const busy = push.isPending || pull.isPending;
  const current = remote.data;

  const doPush = () => {
    setPulled(null);
    pull.reset();
    push.mutate(current ? {} : { url: url.trim(), ...(branch.trim() ? { branch: branch.trim() } : {}) }, {
      onSuccess: (r) => toast.success(`Pushed to ${r.branch} as ${r.commit.slice(0, 7)}`),
    });
  };
  const doPull = () => {
    push.reset();
    pull.mutate(undefined, {
      onSuccess: (messages) => {
        const record = messages.map(readPull).find((r) => r !== null) ?? null;
        setPulled(record ?? "up-to-date");
      },
    });
  };

  return (
    <PanelSection
      id="git"
      title="Git"
      testId="git-section"
      description={
        current
          ? "Push sends the latest version as one commit on the branch; Pull brings the branch's files in as a new version."
          : "Push the latest version to a Git repository (the branch is created when missing); it becomes this chat's remote."
      }
    >
      {remote.isPending ? (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <Spinner /> Reading the remote…
        </p>
      ) : current ? (
        <dl className="grid grid-cols-[6rem_1fr] gap-x-2 gap-y-1 text-sm" data-testid="git-remote">
          <dt className="text-xs text-muted-foreground">Remote</dt>
          <dd className="min-w-0 truncate font-mono text-xs" title={current.url}>
            {current.url}
          </dd>
          <dt className="text-xs text-muted-foreground">Branch</dt>
          <dd className="flex items-center gap-1 font-mono text-xs">
            <GitBranch className="size-3.5" aria-hidden />
            {current.branch}
          </dd>
          <dt className="text-xs text-muted-foreground">Last sync</dt>
          <dd className="text-xs">
            <RelativeTime iso={current.lastSyncedAt} /> at{" "}
            <code className="font-mono" title={current.lastCommit}>
              {current.lastCommit.slice(0, 7)}
            </code>
          </dd>
        </dl>
      ) : (
        <SourceFields idPrefix="git-push" kind="repo" url={url} branch={branch} onUrl={setUrl} onBranch={setBranch} />
      )}
      {current ? <GitIncomingChanges chatId={chatId} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={doPush}
          disabled={busy || generating || (!current && !url.trim())}
          data-testid="git-push"
          title={generating ? "Wait until the answer has finished" : undefined}
        >
          {push.isPending ? <Spinner /> : <Upload className="size-4" aria-hidden />}
          Push
        </Button>
        {current ? (
          <Button
            onClick={doPull}
            disabled={busy || generating}
            data-testid="git-pull"
            title={generating ? "Wait until the answer has finished" : undefined}
          >
            {pull.isPending ? <Spinner /> : <Download className="size-4" aria-hidden />}
            Pull
          </Button>
        ) : null}
      </div>
      {pulled ? <PullOutcome pull={pulled} /> : null}
      {push.error ? <ErrorPanel error={push.error} title="The push did not happen" /> : null}
      {pull.error ? <ErrorPanel error={pull.error} title="The pull did not happen" /> : null}
      {remote.error ? <ErrorPanel error={remote.error} title="The chat's Git remote could not be read" /> : null}
    </PanelSection>
  );
}
