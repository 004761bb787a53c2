"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { DeploymentReadV1 } from "@/lib/api/schemas/v1";
import { deploymentKeys } from "./query-keys";
import { useServiceClientV1 } from "./service-clients";
import { sleep } from "./sleep";

/** How often a pending deployment is read again, and for how long at most (a build that never settles). */
const POLL_MS = 1_000;
const MAX_POLLS = 600;

export type FollowedDeployment =
  | { state: "pending" | "ready"; deployment: DeploymentReadV1 }
  | { state: "error"; deployment: DeploymentReadV1; reason: string | null }
  /** Its state could not be read (the service or the network failed, or it kept building past the limit). */
  | { state: "unknown"; deployment: DeploymentReadV1 };

/**
 * Follows a deployment just created until it settles, independently of what is on screen (the dialog that started it
 * closes at once): reads it every second while pending and reports each state; a failed one is reported with the
 * service's reason (`GET …/errors`). The lists are refreshed when it settles. A deployment without a status (a
 * service that reports none) counts as ready.
 */
export function useFollowDeployment() {
  const client = useServiceClientV1();
  const queryClient = useQueryClient();
  return useCallback(
    async (created: DeploymentReadV1, report: (update: FollowedDeployment) => void): Promise<void> => {
      let deployment = created;
      let failures = 0;
      for (let polls = 0; deployment.status === "pending"; polls++) {
        report({ state: "pending", deployment });
        if (polls >= MAX_POLLS || failures >= 5) {
          report({ state: "unknown", deployment });
          return;
        }
        await sleep(POLL_MS);
        try {
          deployment = await client.getDeployment(deployment.id);
          failures = 0;
        } catch {
          failures++;
        }
      }
      void queryClient.invalidateQueries({ queryKey: deploymentKeys.all() });
      if (deployment.status === "error") {
        const errors = await client.deploymentErrors(deployment.id).catch(() => null);
        report({ state: "error", deployment, reason: errors?.formattedError ?? errors?.fullErrorText ?? null });
        return;
      }
      report({
        state: deployment.status === "ready" || deployment.status === undefined ? "ready" : "unknown",
        deployment,
      });
    },
    [client, queryClient],
  );
}
