import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { CredentialsSignin } from "next-auth";
import type { AppConfig } from "../config";
import type { PeopleDirectory, PersonRecord } from "../people/directory";
import { clientAddress, signInThrottle, throttleKey, trustProxyFrom } from "../sign-in";

function sameSecret(a: string, b: string): boolean {
  // Hash first so the comparison is constant-time whatever the lengths.
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** Whether the sign-in is the break-glass account's: DASHBOARD_USERNAME / DASHBOARD_PASSWORD (or the generated one). */
function isBreakGlass(config: AppConfig, username: string, password: string): boolean {
  const userOk = sameSecret(username, config.dashboardUsername);
  const passOk = sameSecret(password, config.dashboardPassword);
  return userOk && passOk;
}

/** Refused by the throttle (too many failures): the sign-in form says for how long. */
class SignInLocked extends CredentialsSignin {
  code = "locked";
}

/** The throttle key of a sign-in attempt: the account tried and the client's address (lib/server/sign-in). */
export function signInKey(username: unknown, headers: Headers): string {
  return throttleKey(
    typeof username === "string" ? username.trim().toLowerCase() : "",
    clientAddress(headers, trustProxyFrom(process.env)),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The audit log's actions for sign-ins (docs/people.md, "Audit log"). */
export const SIGN_IN = "sign_in";
export const SIGN_IN_FAILED = "sign_in.failed";
export const SIGN_OUT = "sign_out";

/**
 * The password sign-in behind both paths (the form's server action and Auth.js's HTTP callback): the break-glass
 * account (checked against the configuration, never stored), else, unless AUTH_PASSWORD_SIGN_IN=off, a person's email
 * and password checked by the directory. Refused while the throttle locks the account + address; a failure is
 * counted, written to the audit log and answered after the throttle's delay; a success resets the count and is
 * written to the audit log.
 */
export async function passwordSignIn(
  deps: { config: AppConfig; directory: PeopleDirectory },
  username: unknown,
  password: unknown,
  headers: Headers,
): Promise<PersonRecord | null> {
  const throttle = signInThrottle();
  const key = signInKey(username, headers);
  if ((await throttle.admit(key)).locked) throw new SignInLocked();
  const account = typeof username === "string" ? username.trim() : "";
  let person: PersonRecord | null = null;
  let method: "break-glass" | "password" = "password";
  if (typeof password === "string" && account) {
    if (isBreakGlass(deps.config, account, password)) {
      method = "break-glass";
      person = await deps.directory.firstAdmin();
    } else if (deps.config.passwordSignIn && account.includes("@")) {
      person = await deps.directory.verifyPassword(account, password);
    }
  }
  if (!person || person.disabled || person.deleted) {
    await deps.directory.recordAudit({
      actor: person?.id ?? null,
      action: SIGN_IN_FAILED,
      target: person?.id ?? null,
      detail: { method, account: account.slice(0, 200) },
    });
    const failure = await throttle.recordFailure(key);
    await sleep(failure.delayMs);
    if (failure.locked) throw new SignInLocked();
    return null;
  }
  await throttle.recordSuccess(key);
  await deps.directory.recordAudit({ actor: person.id, action: SIGN_IN, target: person.id, detail: { method } });
  return person;
}
