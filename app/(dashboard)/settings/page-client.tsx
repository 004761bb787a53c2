"use client";

import { AccountSettings } from "@/components/settings/account-settings";
import { KeyboardSettings } from "@/components/settings/keyboard-settings";
import { PreferenceSettings } from "@/components/settings/preference-settings";
import { ServiceSettings, type ServiceFacts } from "@/components/settings/service-settings";
import { signOutAction } from "../actions";

export function SettingsPageClient({ userName, service }: { userName: string; service: ServiceFacts }) {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8">
        <h1 className="text-xl font-semibold tracking-tight">Settings</h1>
        <AccountSettings userName={userName} signOutAction={signOutAction} />
        <PreferenceSettings />
        <KeyboardSettings />
        <ServiceSettings facts={service} />
      </div>
    </div>
  );
}
