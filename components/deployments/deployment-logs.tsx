"use client";

import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import type { DeploymentReadV1 } from "@/lib/api/schemas/v1";
import { useDeploymentErrors, useDeploymentLogs } from "@/lib/hooks/use-deployments";
import { cn } from "@/components/ui/cn";

/** The build log (live while pending) and, after a failed build, its error. */
export function DeploymentLogs({ deployment }: { deployment: DeploymentReadV1 }) {
  const logs = useDeploymentLogs(deployment, true);
  const errors = useDeploymentErrors(deployment);
  const failure = errors.data?.formattedError ?? errors.data?.fullErrorText;
  return (
    <div className="space-y-2" data-testid="deployment-logs">
      {failure ? (
        <p className="rounded-md border border-danger-border bg-danger-muted p-2 text-xs text-danger" role="alert">
          {failure}
        </p>
      ) : null}
      {logs.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : logs.error ? (
        <ErrorPanel error={logs.error} title="The build log could not be read" onRetry={() => void logs.refetch()} />
      ) : logs.data.logs.length ? (
        <ol className="max-h-48 overflow-y-auto rounded-md bg-terminal p-2 font-mono text-xs text-terminal-foreground">
          {logs.data.logs.map((line) => (
            <li key={line.id} className={cn("whitespace-pre-wrap", line.level === "error" && "text-red-300")}>
              <span className="opacity-60">{line.createdAt.slice(11, 19)} </span>
              {line.text}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-xs text-muted-foreground">No log lines yet.</p>
      )}
    </div>
  );
}
