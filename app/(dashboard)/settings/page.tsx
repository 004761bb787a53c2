import type { Metadata } from "next";
import { remoteMcpAuthorization } from "@/app/_wiring/remote-mcp";
import { AccountSettings } from "@/components/settings/account-settings";
import { DefaultPrivacySettings } from "@/components/settings/default-privacy-settings";
import { ConnectedMcpClients } from "@/components/settings/connected-mcp-clients";
import { GitCredentialsSettings } from "@/components/settings/git-credentials";
import { KeyboardSettings } from "@/components/settings/keyboard-settings";
import { PreferenceSettings } from "@/components/settings/preference-settings";
import { QuotaSettings } from "@/components/settings/quota-settings";
import { ServiceSettings } from "@/components/settings/service-settings";
import { UpstreamKeySettings } from "@/components/settings/upstream-key-settings";
import { getConfig } from "@/lib/server/config";
import { signOutAction } from "../actions";
import { requireSession } from "../session";
import { upstreamKeyAction } from "./actions";
import { serviceFacts } from "./service-facts";

export const metadata: Metadata = { title: "Settings" };

/** The deployment's host and the person's stored key for it; null with the embedded service. */
async function upstreamKey(personId: string) {
  const config = getConfig();
  if (config.embedded || !config.serviceBaseUrl) return null;
  const { upstreamKeyStore } = await import("@/lib/server/people/upstream-keys");
  const info = await (await upstreamKeyStore()).info(personId, config.serviceBaseUrl);
  return { host: new URL(config.serviceBaseUrl).host, info };
}

export default async function SettingsPage() {
  const person = await requireSession();
  // The remote MCP endpoint's connected clients are the whole service's: admins'.
  const remoteMcp = person.role === "admin" ? await remoteMcpAuthorization() : null;
  const upstream = await upstreamKey(person.id);
  return (
    <div className="flex flex-col gap-8">
      <AccountSettings person={person} signOutAction={signOutAction}>
        {upstream ? (
          <UpstreamKeySettings host={upstream.host} initial={upstream.info} action={upstreamKeyAction} />
        ) : null}
      </AccountSettings>
      <PreferenceSettings />
      <KeyboardSettings />
      <DefaultPrivacySettings />
      <ServiceSettings facts={serviceFacts()} />
      {person.role === "admin" ? (
        <ConnectedMcpClients clients={remoteMcp ? await remoteMcp.connectedClients() : null} />
      ) : null}
      <GitCredentialsSettings />
      <QuotaSettings />
    </div>
  );
}
