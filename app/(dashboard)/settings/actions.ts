"use server";

import { revalidatePath } from "next/cache";
import { signedInPerson } from "@/app/_wiring/auth";
import type { UpstreamKeyState } from "@/components/settings/upstream-key-settings";
import { getConfig } from "@/lib/server/config";
import { upstreamKeyStore } from "@/lib/server/people/upstream-keys";

const MAX_KEY = 1000;

/** The remote deployment's base URL, or null with the embedded service (no key of one's own then). */
function remoteBase(): string | null {
  const config = getConfig();
  return config.embedded ? null : config.serviceBaseUrl;
}

/**
 * Settings → Account, "Your API key for <host>" (`intent` save or remove). Save: stores the signed-in person's own key
 * for the remote deployment (sealed at rest; never shown again), after the deployment has accepted it (`GET /v1/user`
 * with it); the proxy then sends it for this person's requests instead of the server-held key. Remove: forgets it.
 */
export async function upstreamKeyAction(previous: UpstreamKeyState, formData: FormData): Promise<UpstreamKeyState> {
  const person = await signedInPerson();
  if (!person) return { error: "Your session has ended: sign in again.", info: previous.info };
  if (formData.get("intent") === "remove") {
    await (await upstreamKeyStore()).remove(person.id);
    revalidatePath("/settings");
    return { error: null, info: null };
  }
  return saveKey(person.id, previous, formData);
}

async function saveKey(personId: string, previous: UpstreamKeyState, formData: FormData): Promise<UpstreamKeyState> {
  const keep = (error: string): UpstreamKeyState => ({ error, info: previous.info });
  const base = remoteBase();
  if (!base) return keep("This dashboard uses its embedded service: there is no other deployment.");
  const key = String(formData.get("key") ?? "").trim();
  if (!key) return keep("Paste your API key.");
  if (key.length > MAX_KEY || /\s/.test(key)) return keep("That does not look like an API key.");
  let status: number;
  try {
    const res = await fetch(`${base}/v1/user`, {
      headers: { authorization: `Bearer ${key}`, accept: "application/json" },
      redirect: "manual",
      signal: AbortSignal.timeout(15_000),
    });
    status = res.status;
    await res.body?.cancel();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return keep(`${new URL(base).host} could not be reached to check the key (${reason}).`);
  }
  if (status === 401 || status === 403)
    return keep(`${new URL(base).host} refused this key (${status}): nothing was saved.`);
  if (status >= 300) return keep(`${new URL(base).host} answered ${status} when checking the key.`);
  const info = await (await upstreamKeyStore()).save(personId, base, key);
  revalidatePath("/settings");
  return { error: null, info };
}
