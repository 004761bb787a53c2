"use server";

import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { signIn, signInKey } from "@/lib/server/auth";
import { lockedMessage, signInThrottle } from "@/lib/server/sign-in";
import type { SignInState } from "@/components/auth/sign-in-form";
import { safeCallbackUrl } from "./callback-url";

/** Signs in with the dashboard credentials; on success Auth.js redirects (the redirect is rethrown). */
export async function signInAction(_previous: SignInState, formData: FormData): Promise<SignInState> {
  const username = String(formData.get("username") ?? "");
  const password = String(formData.get("password") ?? "");
  const redirectTo = safeCallbackUrl(formData.get("callbackUrl"));
  try {
    await signIn("credentials", { username, password, redirectTo });
  } catch (error) {
    if (error instanceof AuthError) {
      const state = await signInThrottle().check(signInKey(username, await headers()));
      return { error: state.locked ? lockedMessage(state.retryAfterMs) : "Wrong username or password", username };
    }
    throw error;
  }
  return { error: null, username };
}
