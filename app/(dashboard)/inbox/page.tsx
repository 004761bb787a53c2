import type { Metadata } from "next";
import { InboxesPageClient } from "./page-client";

export const metadata: Metadata = { title: "Inbox" };

export default function InboxesPage() {
  return <InboxesPageClient />;
}
