import type { Metadata } from "next";
import { InboxesView } from "@/components/inbox/inboxes-view";
import { PageBody } from "@/components/layout/page-body";

export const metadata: Metadata = { title: "Inbox" };

export default function InboxesPage() {
  return (
    <PageBody width="4xl">
      <InboxesView />
    </PageBody>
  );
}
