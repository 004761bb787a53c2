import { UserRound } from "lucide-react";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { SettingsSection } from "./settings-section";

/** Who is signed in, and signing out. */
export function AccountSettings({ userName, signOutAction }: { userName: string; signOutAction: () => Promise<void> }) {
  return (
    <SettingsSection
      id="account"
      title="Account"
      description="One dashboard account, configured on the server (DASHBOARD_USERNAME / DASHBOARD_PASSWORD)."
    >
      <div className="flex flex-wrap items-center gap-3">
        <UserRound className="size-4 text-muted-foreground" aria-hidden />
        <span className="text-sm">
          Signed in as{" "}
          <span className="font-medium" data-testid="settings-user">
            {userName}
          </span>
        </span>
        <SignOutButton action={signOutAction} variant="outlined" className="ml-auto" />
      </div>
    </SettingsSection>
  );
}
