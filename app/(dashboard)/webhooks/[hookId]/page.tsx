import type { Metadata } from "next";
import { WebhookPageClient } from "./page-client";
import { decodeSegment } from "../../route-param";

export const metadata: Metadata = { title: "Webhook" };

export default async function WebhookPage({ params }: { params: Promise<{ hookId: string }> }) {
  const { hookId } = await params;
  return <WebhookPageClient hookId={decodeSegment(hookId)} />;
}
