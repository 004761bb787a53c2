import type { Metadata } from "next";
import { BudgetsSettings } from "@/components/settings/budgets-settings";

export const metadata: Metadata = { title: "Budgets · Settings" };

export default function BudgetsPage() {
  return <BudgetsSettings />;
}
