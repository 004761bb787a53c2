import type { Metadata } from "next";
import { WebhooksPageClient } from "./page-client";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return <WebhooksPageClient />;
}
