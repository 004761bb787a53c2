"use client";

import { InboxesView } from "@/components/inbox/inboxes-view";

export function InboxesPageClient() {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-4xl px-4 py-8">
        <InboxesView />
      </div>
    </div>
  );
}
