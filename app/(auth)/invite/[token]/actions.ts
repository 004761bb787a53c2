"use server";

import { AuthError, CredentialsSignin } from "next-auth";
import { signIn } from "@/app/_wiring/auth";
import { peopleDirectory } from "@/app/_wiring/people";
import { INVITATION_PROVIDER_ID } from "@/lib/server/auth/config";
import { PASSWORD_LENGTH, PERSON_NAME_MAX } from "@/lib/api";
import type { InvitationState } from "@/components/auth/invitation-form";

const { min: MIN_PASSWORD, max: MAX_PASSWORD } = PASSWORD_LENGTH;

/**
 * "Create account" on an invitation page: the directory creates the person with this name and password and uses the
 * invitation up, and the new person is signed in (Auth.js's invitation provider; its redirect is rethrown). An
 * invitation used, revoked or expired meanwhile turns the page into the one that says so.
 */
export async function acceptInvitationAction(
  token: string,
  _previous: InvitationState,
  formData: FormData,
): Promise<InvitationState> {
  const name = String(formData.get("name") ?? "").trim();
  const password = String(formData.get("password") ?? "");
  if (!name) return { error: "Enter your name.", name, gone: false };
  if (name.length > PERSON_NAME_MAX)
    return { error: `Your name must be at most ${PERSON_NAME_MAX} characters.`, name, gone: false };
  if (password.length < MIN_PASSWORD)
    return { error: `Choose a password of at least ${MIN_PASSWORD} characters.`, name, gone: false };
  if (password.length > MAX_PASSWORD)
    return { error: `A password may have at most ${MAX_PASSWORD} characters.`, name, gone: false };
  try {
    await signIn(INVITATION_PROVIDER_ID, { token, name, password, redirectTo: "/chats" });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    if (!(await (await peopleDirectory()).invitation(token))) return { error: null, name, gone: true };
    const message = error instanceof CredentialsSignin && error.code !== "credentials" ? error.code : null;
    return { error: message ?? "The account could not be created. Try again.", name, gone: false };
  }
  return { error: null, name, gone: false };
}
