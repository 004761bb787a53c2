import { GitPullRequestArrow, Upload } from "lucide-react";
import type { GitPullRecord, GitPushRecord } from "@/lib/api/git-sync";
import type { Message } from "@/lib/api/schemas";
import { RelativeTime } from "@/components/ui/relative-time";
import { PulledFiles } from "./git-fields";

/**
 * A push to or a pull from the chat's Git remote in the timeline: one compact row instead of the messages that
 * record it; a pull lists the files it changed.
 */
export function GitSyncRow({ message, pull, push }: { message: Message; pull?: GitPullRecord; push?: GitPushRecord }) {
  const Icon = pull ? GitPullRequestArrow : Upload;
  return (
    <div className="flex flex-col gap-1 px-1 py-1 text-sm text-muted-foreground" data-testid="git-sync-row">
      <div className="flex flex-wrap items-center gap-2">
        <Icon className="size-3.5 shrink-0" aria-hidden />
        <span className="text-foreground">
          {pull ? (
            <>
              Pulled <code className="font-mono text-xs">{pull.branch}</code> at{" "}
              <code className="font-mono text-xs">{pull.commit}</code>
            </>
          ) : (
            <>
              Pushed to <code className="font-mono text-xs">{push!.branch}</code> as{" "}
              <code className="font-mono text-xs">{push!.commit}</code>
            </>
          )}
        </span>
        <RelativeTime iso={message.createdAt} className="text-xs" />
      </div>
      {pull ? <PulledFiles entries={pull.entries} className="ml-5.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs" /> : null}
    </div>
  );
}
