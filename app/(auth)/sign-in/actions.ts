"use server";

import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { signIn } from "@/app/_wiring/auth";
import { signInKey } from "@/lib/server/auth/credentials";
import { OIDC_PROVIDER_ID } from "@/lib/server/auth/oidc";
import { lockedMessage, signInThrottle } from "@/lib/server/sign-in";
import type { SignInState } from "@/components/auth/sign-in-form";
import { safeCallbackUrl } from "./callback-url";

/** Signs in with a password (a person's, or the break-glass account's); on success Auth.js redirects (rethrown). */
export async function signInAction(_previous: SignInState, formData: FormData): Promise<SignInState> {
  const username = String(formData.get("username") ?? "");
  const password = String(formData.get("password") ?? "");
  const redirectTo = safeCallbackUrl(formData.get("callbackUrl"));
  try {
    await signIn("credentials", { username, password, redirectTo });
  } catch (error) {
    if (error instanceof AuthError) {
      const state = await signInThrottle().check(signInKey(username, await headers()));
      return { error: state.locked ? lockedMessage(state.retryAfterMs) : "Wrong email or password", username };
    }
    throw error;
  }
  return { error: null, username };
}

/** Starts single sign-on: Auth.js redirects to the provider (rethrown); the provider unreachable is said on the form. */
export async function oidcSignInAction(_previous: SignInState, formData: FormData): Promise<SignInState> {
  const redirectTo = safeCallbackUrl(formData.get("callbackUrl"));
  try {
    await signIn(OIDC_PROVIDER_ID, { redirectTo });
  } catch (error) {
    if (error instanceof AuthError)
      return { error: "Single sign-on could not start: the provider did not answer. Try again later.", username: "" };
    throw error;
  }
  return { error: null, username: "" };
}
