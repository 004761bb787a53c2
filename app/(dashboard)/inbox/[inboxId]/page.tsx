import type { Metadata } from "next";
import { InboxPageClient } from "./page-client";

export const metadata: Metadata = { title: "Inbox" };

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export default async function InboxPage({ params }: { params: Promise<{ inboxId: string }> }) {
  const { inboxId } = await params;
  return <InboxPageClient inboxId={decodeSegment(inboxId)} />;
}
