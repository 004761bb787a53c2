"use client";

import { useCallback } from "react";
import { toast } from "sonner";
import { chatPath } from "@/components/chat/chat-path";
import { openSidePanelTab } from "@/components/chat/chat-navigation";
import { httpUrlOrNull } from "@/components/ui/safe-url";
import type { DeploymentReadV1 } from "@/lib/api/schemas/v1";
import { useFollowDeployment, type FollowedDeployment } from "@/lib/hooks/use-follow-deployment";

/** How long the "Deployed" toast stays (the failure stays until closed: it says what to do). */
const READY_MS = 10_000;

/**
 * Says where "Deploy" was pressed what became of the deployment: one toast, "Deploying…" while it builds, then
 * "Deployed" with a link to the site (only an http(s) URL is linked) or the failure with what to do next; each with a
 * "Details" action opening the chat's Details tab (its deployments, with the build log).
 */
export function useDeploymentToast(chatId: string) {
  const follow = useFollowDeployment();
  // On the chat's page the Details tab opens in place; from elsewhere (the person moved on meanwhile) the page loads.
  const showDetails = useCallback(() => {
    const path = chatPath(chatId);
    if (window.location.pathname === path) openSidePanelTab("details");
    // A full load: the toast outlives the page it was raised on, and may have no router of its own.
    else window.location.assign(new URL(`${path}?tab=details`, window.location.origin).href);
  }, [chatId]);

  return useCallback(
    (created: DeploymentReadV1) => {
      const id = `deployment-${created.id}`;
      const details = { label: "Details", onClick: showDetails };
      const show = (update: FollowedDeployment) => {
        const { deployment } = update;
        switch (update.state) {
          case "pending":
            toast.loading("Deploying…", {
              id,
              description: "Building the site. This toast updates when it is ready.",
              action: details,
            });
            return;
          case "ready":
            toast.success("Deployed", {
              id,
              description: <SiteLink url={deployment.webUrl} />,
              action: details,
              duration: READY_MS,
            });
            return;
          case "error":
            toast.error("The deployment failed", {
              id,
              description: `${update.reason ?? "The build did not complete."} Read the build log in Details, fix the version (ask the agent in this chat), then deploy again.`,
              action: details,
              duration: Infinity,
            });
            return;
          case "unknown":
            toast.warning("The deployment's state is unknown", {
              id,
              description: `It was ${deployment.status ? `last "${deployment.status}"` : "not readable"}: see Details for its state and build log.`,
              action: details,
              duration: Infinity,
            });
        }
      };
      void follow(created, show);
    },
    [follow, showDetails],
  );
}

/** The site's URL, linked (new tab) only when it is http(s): the service's URLs are not trusted as anything else. */
function SiteLink({ url }: { url: string }) {
  const href = httpUrlOrNull(url);
  if (!href) return <span className="break-all font-mono text-xs">{url}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="deployed-open"
      className="break-all font-medium underline underline-offset-2"
    >
      Open {url}
    </a>
  );
}
