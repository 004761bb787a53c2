import type { Metadata } from "next";
import Link from "next/link";
import { PageBody } from "@/components/layout/page-body";
import { BudgetsSettings } from "@/components/settings/budgets-settings";

export const metadata: Metadata = { title: "Budgets" };

export default function BudgetsPage() {
  return (
    <PageBody className="flex flex-col gap-6">
      <div className="space-y-1">
        <Link href="/settings" className="text-xs text-muted-foreground hover:text-foreground">
          ← Settings
        </Link>
        <h1 className="text-xl font-semibold tracking-tight">Budgets</h1>
      </div>
      <BudgetsSettings />
    </PageBody>
  );
}
