import type { Metadata } from "next";
import { PageBody } from "@/components/layout/page-body";
import { WebhooksView } from "@/components/webhooks/webhooks-view";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return (
    <PageBody width="4xl">
      <WebhooksView />
    </PageBody>
  );
}
