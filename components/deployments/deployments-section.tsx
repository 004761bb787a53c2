"use client";

import { Rocket } from "lucide-react";
import { useState } from "react";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import type { DeploymentReadV1 } from "@/lib/api/schemas/v1";
import { useDeployments } from "@/lib/hooks/use-deployments";
import { DeleteDeploymentDialog } from "./delete-deployment-dialog";
import { DeployButton } from "./deploy-button";
import { DeploymentRow } from "./deployment-row";

/**
 * The deployments of a chat (its Details tab, with "Deploy") or of a project (its page): newest first, each with its
 * state (live while building), time, URL (copy, open), build log and delete (after a confirmation).
 */
export function DeploymentsSection(props: { chatId: string } | { projectId: string }) {
  const chatId = "chatId" in props ? props.chatId : null;
  const filter = "chatId" in props ? { chatId: props.chatId } : { projectId: props.projectId };
  const list = useDeployments(filter);
  const [deleting, setDeleting] = useState<DeploymentReadV1 | null>(null);
  return (
    <section
      className={chatId ? "space-y-3 border-t border-border p-4" : "space-y-3"}
      aria-labelledby="deployments-heading"
      data-testid="deployments-section"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="deployments-heading" className="flex items-center gap-2 text-sm font-semibold">
          <Rocket className="size-4 text-muted-foreground" aria-hidden />
          Deployments
          {list.data && !list.unsupported ? (
            <span className="font-normal text-muted-foreground tabular-nums">{list.deployments.length}</span>
          ) : null}
        </h2>
        {chatId ? <DeployButton chatId={chatId} variant="secondary" testId="deployments-deploy-button" /> : null}
      </div>
      {list.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : list.error ? (
        <ErrorPanel
          error={list.error}
          title="The deployments could not be loaded"
          onRetry={() => void list.refetch()}
        />
      ) : list.unsupported ? (
        <p className="text-xs text-muted-foreground" data-testid="deployments-per-chat">
          This service lists deployments per chat version only: open one of the project&apos;s chats and see its
          deployments in its Details.
        </p>
      ) : list.deployments.length ? (
        <ul className="space-y-2">
          {list.deployments.map((d) => (
            <DeploymentRow key={d.id} deployment={d} showChat={!chatId} onDelete={setDeleting} />
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground" data-testid="deployments-empty">
          {chatId
            ? "Not deployed yet. Deploy publishes a version's files as a static site with its own URL."
            : "No deployments yet. Open one of the project's chats and deploy it from its Details."}
        </p>
      )}
      <DeleteDeploymentDialog deployment={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
