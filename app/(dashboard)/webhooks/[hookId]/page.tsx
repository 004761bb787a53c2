import type { Metadata } from "next";
import { WebhookPageClient } from "./page-client";

export const metadata: Metadata = { title: "Webhook" };

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export default async function WebhookPage({ params }: { params: Promise<{ hookId: string }> }) {
  const { hookId } = await params;
  return <WebhookPageClient hookId={decodeSegment(hookId)} />;
}
