import { UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { RoleBadge } from "@/components/people/role-badge";
import type { Role } from "@/lib/api/schemas/team";
import { SettingsSection } from "./settings-section";

/** Who is signed in (name, email, role), signing out, and with a remote deployment the person's own key for it. */
export function AccountSettings({
  person,
  signOutAction,
  children,
}: {
  person: { name: string; email: string; role: Role };
  signOutAction: () => Promise<void>;
  /** More of the account (the upstream key). */
  children?: ReactNode;
}) {
  return (
    <SettingsSection id="account" title="Account">
      <div className="flex flex-wrap items-center gap-3">
        <UserRound className="size-4 text-muted-foreground" aria-hidden />
        <span className="min-w-0 text-sm">
          Signed in as{" "}
          <span className="font-medium" data-testid="settings-user">
            {person.name}
          </span>{" "}
          <span className="text-muted-foreground">({person.email})</span>
        </span>
        <RoleBadge role={person.role} />
        <SignOutButton action={signOutAction} variant="outlined" className="ml-auto" />
      </div>
      {children}
    </SettingsSection>
  );
}
