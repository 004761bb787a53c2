"use server";

import { signedInPerson } from "@/app/_wiring/auth";
import { remoteMcpAuthorization } from "@/app/_wiring/remote-mcp";
import { EMBEDDED_ACCOUNT_ID } from "./account";

/**
 * The person's answer on the authorize page. Everything is validated again here (the parameters come back from the
 * browser); the answer is where the browser goes next: the client's registered redirect URI with a code (approve)
 * or `error=access_denied` (deny). Never an unregistered URI: an invalid request comes back as an error to show.
 * The person is checked against the directory now; the grant's subject is their id, so the tokens act as them.
 */
export async function decideAuthorization(
  params: Record<string, string>,
  account: string,
  approve: boolean,
): Promise<{ redirectTo: string } | { error: string }> {
  const person = await signedInPerson();
  if (!person) return { error: "Your session has ended: sign in again." };
  const remote = await remoteMcpAuthorization();
  if (!remote) return { error: "The embedded service is not served by this dashboard." };
  if (approve && account !== EMBEDDED_ACCOUNT_ID) return { error: "Choose the account to connect." };
  const decided = await remote.decide(params, approve, person.id);
  if ("redirectTo" in decided) return { redirectTo: decided.redirectTo };
  return { error: decided.ok ? "Unexpected answer." : decided.description };
}
