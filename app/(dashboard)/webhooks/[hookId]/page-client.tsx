"use client";

import { WebhookDetail } from "@/components/webhooks/webhook-detail";

export function WebhookPageClient({ hookId }: { hookId: string }) {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-4xl px-4 py-8">
        <WebhookDetail hookId={hookId} />
      </div>
    </div>
  );
}
