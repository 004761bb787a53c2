"use server";

import { AuthError } from "next-auth";
import { signIn } from "@/lib/server/auth";
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
    if (error instanceof AuthError) return { error: "Wrong username or password", username };
    throw error;
  }
  return { error: null, username };
}
