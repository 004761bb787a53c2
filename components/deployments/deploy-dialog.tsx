"use client";

import { Rocket } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { AppDialog } from "@/components/ui/dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useChatVersions, useCreateDeployment } from "@/lib/hooks/use-deployments";
import { useDeploymentToast } from "./use-deployment-toast";

/**
 * Chooses the version to deploy (the chat's versions, newest first; the latest completed one chosen) and deploys it
 * (`POST /v1/deployments`). Versions still generating or failed cannot be chosen. Once accepted the dialog closes and a
 * toast follows the deployment (building, then its URL or why it failed).
 */
export function DeployDialog({
  chatId,
  open,
  onOpenChange,
}: {
  chatId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const versions = useChatVersions(chatId, open);
  const create = useCreateDeployment();
  const announce = useDeploymentToast(chatId);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = versions.data?.data ?? [];
  const latestCompleted = list.find((v) => v.status === "completed")?.id ?? null;
  const versionId = chosen ?? latestCompleted;
  const close = (next: boolean) => {
    if (create.isPending) return;
    if (!next) {
      create.reset();
      setChosen(null);
    }
    onOpenChange(next);
  };
  return (
    <AppDialog
      open={open}
      onOpenChange={close}
      title="Deploy a version"
      testId="deploy-dialog"
      description="Publishes the version's files as a static site with its own URL. Later versions do not change it."
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!versionId) return;
          create.mutate(
            { chatId, versionId },
            {
              onSuccess: (deployment) => {
                announce(deployment);
                close(false);
              },
            },
          );
        }}
      >
        {versions.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : versions.error ? (
          <ErrorPanel
            error={versions.error}
            title="The versions could not be loaded"
            onRetry={() => void versions.refetch()}
          />
        ) : !list.length ? (
          <p className="text-sm text-muted-foreground">This chat has no version yet: send a message first.</p>
        ) : (
          <fieldset className="space-y-1">
            <legend className="mb-2 text-sm font-medium">Version</legend>
            <div className="max-h-64 space-y-1 overflow-y-auto">
              {list.map((v, i) => (
                <label
                  key={v.id}
                  className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
                  data-testid="deploy-version"
                  data-id={v.id}
                >
                  <input
                    type="radio"
                    name="version"
                    value={v.id}
                    checked={versionId === v.id}
                    disabled={v.status !== "completed"}
                    onChange={() => setChosen(v.id)}
                  />
                  <code className="truncate font-mono text-xs">{v.id}</code>
                  {i === 0 ? <span className="text-xs text-muted-foreground">latest</span> : null}
                  <span className="ml-auto flex shrink-0 items-center gap-2 text-xs text-muted-foreground">
                    {v.status !== "completed" ? v.status : null}
                    <RelativeTime iso={v.createdAt} />
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {create.error ? <ErrorPanel error={create.error} title="The version was not deployed" /> : null}
        <div className="flex justify-end gap-2">
          <Button onClick={() => close(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!versionId || create.isPending} data-testid="deploy-submit">
            {create.isPending ? <Spinner /> : <Rocket className="size-4" aria-hidden />}
            Deploy
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
