"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { useDeliverToDashboard, type DeliverToDashboardInput } from "@/lib/hooks/use-webhooks";

/** "Deliver to this dashboard", then open the new inbox to watch deliveries arrive. */
export function useDashboardDelivery(onDone?: () => void) {
  const router = useRouter();
  const deliver = useDeliverToDashboard();
  const start = (input: DeliverToDashboardInput) =>
    deliver.mutate(input, {
      onSuccess: ({ inbox, hook }) => {
        onDone?.();
        toast.success(`“${hook.name}” now delivers to this dashboard`, {
          description: "Deliveries appear in the inbox as they arrive, verified with the webhook's secret.",
        });
        router.push(`/inbox/${encodeURIComponent(inbox.id)}`);
      },
    });
  return { ...deliver, start };
}
