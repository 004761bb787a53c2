import { CircleCheck, CircleX, Clock } from "lucide-react";
import { cn } from "@/components/ui/cn";
import type { WebhookDelivery } from "@/lib/api/schemas";

const LOOK: Record<WebhookDelivery["status"], { label: string; icon: typeof CircleCheck; className: string }> = {
  succeeded: { label: "Delivered", icon: CircleCheck, className: "border-success/40 text-success" },
  pending: { label: "Pending", icon: Clock, className: "border-border text-muted-foreground" },
  failed: { label: "Failed", icon: CircleX, className: "border-danger-border text-danger" },
};

/** A delivery's state as an icon and a word (never by colour alone). */
export function DeliveryStatus({ status }: { status: WebhookDelivery["status"] }) {
  const { label, icon: Icon, className } = LOOK[status];
  return (
    <span
      data-testid="delivery-status"
      data-status={status}
      className={cn("inline-flex h-6 items-center gap-1 rounded-full border px-2 text-xs font-medium", className)}
    >
      <Icon className="size-3.5" aria-hidden />
      {label}
    </span>
  );
}
