import type { Metadata } from "next";
import { PageBody } from "@/components/layout/page-body";
import { remoteMcpAuthorization } from "@/app/_wiring/remote-mcp";
import { AccountSettings } from "@/components/settings/account-settings";
import { ConnectedMcpClients } from "@/components/settings/connected-mcp-clients";
import { GitCredentialsSettings } from "@/components/settings/git-credentials";
import { KeyboardSettings } from "@/components/settings/keyboard-settings";
import { PreferenceSettings } from "@/components/settings/preference-settings";
import { QuotaSettings } from "@/components/settings/quota-settings";
import { ServiceSettings } from "@/components/settings/service-settings";
import { signedInPerson } from "@/app/_wiring/auth";
import { signOutAction } from "../actions";
import { serviceFacts } from "./service-facts";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const person = await signedInPerson();
  const remoteMcp = await remoteMcpAuthorization();
  return (
    <PageBody className="flex flex-col gap-8">
      <h1 className="text-xl font-semibold tracking-tight">Settings</h1>
      <AccountSettings userName={person?.name ?? "signed in"} signOutAction={signOutAction} />
      <PreferenceSettings />
      <KeyboardSettings />
      <ServiceSettings facts={serviceFacts()} />
      <ConnectedMcpClients clients={remoteMcp ? await remoteMcp.connectedClients() : null} />
      <GitCredentialsSettings />
      <QuotaSettings />
    </PageBody>
  );
}
