import Link from "next/link";
import { SettingsSection } from "./settings-section";

/** The settings page's way to Settings → Budgets. */
export function BudgetsLink() {
  return (
    <SettingsSection
      id="budgets-link"
      title="Budgets"
      description="Credits the agent's answers may spend, per person and for the whole team, per day or per month."
    >
      <Link
        href="/settings/budgets"
        className="text-sm font-medium underline-offset-2 hover:underline"
        data-testid="budgets-link"
      >
        Open Budgets →
      </Link>
    </SettingsSection>
  );
}
