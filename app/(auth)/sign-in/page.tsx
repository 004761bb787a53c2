import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { signedInPerson } from "@/app/_wiring/auth";
import { SignInForm } from "@/components/auth/sign-in-form";
import { getConfig } from "@/lib/server/config";
import { oidcSignInAction, signInAction } from "./actions";
import { safeCallbackUrl } from "./callback-url";

export const metadata: Metadata = { title: "Sign in" };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** What went wrong when Auth.js comes back here with `?error=` (a single sign-on that did not complete). */
function errorText(code: string | undefined): string | null {
  if (!code) return null;
  if (code === "CredentialsSignin") return "Wrong email or password";
  return `Single sign-on did not complete (${code.slice(0, 60)}). Try again, or ask an administrator.`;
}

/**
 * Sign-in: a person's email and password (unless AUTH_PASSWORD_SIGN_IN=off), the break-glass account, and "Sign in
 * with <OIDC_NAME>" when OIDC is configured. With passwords off the form is behind a small "Administrator sign-in"
 * link (`?admin=1`) and takes the break-glass account only.
 */
export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const target = safeCallbackUrl(one(query.callbackUrl));
  if (await signedInPerson()) redirect(target);
  const config = getConfig();
  const admin = one(query.admin) === "1";
  const mode = config.passwordSignIn ? "password" : admin || !config.oidc ? "break-glass" : "hidden";
  return (
    <main className="grid min-h-dvh place-items-center bg-surface px-4">
      <SignInForm
        action={signInAction}
        oidcAction={oidcSignInAction}
        callbackUrl={target}
        passwordMode={mode}
        oidcName={config.oidc?.name ?? null}
        initialError={errorText(one(query.error))}
      />
    </main>
  );
}
