import type { Metadata } from "next";
import { decodeSegment } from "../../route-param";
import { PageBody } from "@/components/layout/page-body";
import { WebhookDetail } from "@/components/webhooks/webhook-detail";

export const metadata: Metadata = { title: "Webhook" };

export default async function WebhookPage({ params }: { params: Promise<{ hookId: string }> }) {
  const { hookId } = await params;
  return (
    <PageBody width="4xl">
      <WebhookDetail hookId={decodeSegment(hookId)} />
    </PageBody>
  );
}
