import type { Metadata } from "next";
import { InboxPageClient } from "./page-client";
import { decodeSegment } from "../../route-param";

export const metadata: Metadata = { title: "Inbox" };

export default async function InboxPage({ params }: { params: Promise<{ inboxId: string }> }) {
  const { inboxId } = await params;
  return <InboxPageClient inboxId={decodeSegment(inboxId)} />;
}
