import type { Metadata } from "next";
import { decodeSegment } from "../../route-param";
import { InboxView } from "@/components/inbox/inbox-view";
import { PageBody } from "@/components/layout/page-body";

export const metadata: Metadata = { title: "Inbox" };

export default async function InboxPage({ params }: { params: Promise<{ inboxId: string }> }) {
  const { inboxId } = await params;
  return (
    <PageBody width="4xl">
      <InboxView inboxId={decodeSegment(inboxId)} />
    </PageBody>
  );
}
