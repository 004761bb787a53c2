import type { ReactNode } from "react";
import { PageBody } from "@/components/layout/page-body";
import { SettingsNav } from "@/components/settings/settings-nav";

/** The settings pages: General, API keys, Budgets, and for admins People and the audit log. */
export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <PageBody className="flex flex-col gap-6">
      <h1 className="text-xl font-semibold tracking-tight">Settings</h1>
      <SettingsNav />
      {children}
    </PageBody>
  );
}
