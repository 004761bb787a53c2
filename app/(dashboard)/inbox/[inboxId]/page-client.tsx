"use client";

import { InboxView } from "@/components/inbox/inbox-view";

export function InboxPageClient({ inboxId }: { inboxId: string }) {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-4xl px-4 py-8">
        <InboxView inboxId={inboxId} />
      </div>
    </div>
  );
}
