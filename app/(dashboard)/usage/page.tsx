import type { Metadata } from "next";
import { PageBody } from "@/components/layout/page-body";
import { UsageView } from "@/components/usage/usage-view";

export const metadata: Metadata = { title: "Usage" };

export default function UsagePage() {
  return (
    <PageBody width="4xl">
      <UsageView />
    </PageBody>
  );
}
