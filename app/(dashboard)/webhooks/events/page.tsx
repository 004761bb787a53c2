import type { Metadata } from "next";
import { PageBody } from "@/components/layout/page-body";
import { EventCatalog } from "@/components/webhooks/event-catalog";

export const metadata: Metadata = { title: "Event catalog" };

export default function EventCatalogPage() {
  return (
    <PageBody width="4xl">
      <EventCatalog />
    </PageBody>
  );
}
