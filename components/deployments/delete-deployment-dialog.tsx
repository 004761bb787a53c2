"use client";

import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { AppDialog } from "@/components/ui/dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import type { DeploymentReadV1 } from "@/lib/api/schemas/v1";
import { useDeleteDeployment } from "@/lib/hooks/use-deployments";

/** Confirms deleting a deployment: its site is taken down (its URL answers 404 afterwards). */
export function DeleteDeploymentDialog({
  deployment,
  onClose,
}: {
  deployment: DeploymentReadV1 | null;
  onClose: () => void;
}) {
  const remove = useDeleteDeployment();
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  return (
    <AppDialog
      open={deployment !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title="Delete deployment?"
      testId="delete-deployment-dialog"
      focusFirstField
      description={
        <>
          The site at <span className="font-mono text-xs break-all text-foreground">{deployment?.webUrl}</span> is taken
          down. The chat and its versions stay.
        </>
      }
    >
      <div className="space-y-4">
        {remove.error ? <ErrorPanel error={remove.error} title="The deployment was not deleted" /> : null}
        <div className="flex justify-end gap-2">
          <Button onClick={close} disabled={remove.isPending} data-autofocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending || deployment === null}
            data-testid="confirm-delete-deployment"
            onClick={() =>
              deployment &&
              remove.mutate(deployment.id, {
                onSuccess: () => {
                  toast.success("Deployment deleted");
                  onClose();
                },
              })
            }
          >
            {remove.isPending ? <Spinner /> : null}
            Delete deployment
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
