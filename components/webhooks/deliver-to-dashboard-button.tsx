"use client";

import { Inbox } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import { DASHBOARD_EVENTS } from "@/lib/hooks/use-webhooks";
import { useDashboardDelivery } from "./use-dashboard-delivery";

/**
 * One click: an inbox, a webhook to it (every event but the frequent message.updated, all chats) and its
 * secret attached, then the inbox opens.
 */
export function DeliverToDashboardButton({ chatId = null }: { chatId?: string | null }) {
  const deliver = useDashboardDelivery();
  return (
    <div className="space-y-2">
      <Button
        onClick={() => deliver.start({ name: "Dashboard inbox", events: DASHBOARD_EVENTS, chatId })}
        disabled={deliver.isPending}
        data-testid="deliver-to-dashboard"
        title="Create an inbox here and a webhook that delivers every event (but message.updated) to it"
      >
        {deliver.isPending ? <Spinner /> : <Inbox className="size-4" aria-hidden />}
        Deliver to this dashboard
      </Button>
      {deliver.error ? <ErrorPanel error={deliver.error} title="Could not set up delivery to this dashboard" /> : null}
    </div>
  );
}
