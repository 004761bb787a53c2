"use client";

import { WebhooksView } from "@/components/webhooks/webhooks-view";

export function WebhooksPageClient() {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-4xl px-4 py-8">
        <WebhooksView />
      </div>
    </div>
  );
}
