"use client";

import { KeyRound, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { useActionState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { AuthShell } from "./auth-shell";

export interface SignInState {
  error: string | null;
  username: string;
}

const INITIAL: SignInState = { error: null, username: "" };

const inputClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 focus-visible:outline-none";
const primaryClass =
  "inline-flex h-10 w-full items-center justify-center gap-2 rounded-md bg-primary text-sm font-medium text-primary-foreground hover:opacity-90 disabled:opacity-60";
const secondaryClass =
  "inline-flex h-10 w-full items-center justify-center gap-2 rounded-md border border-border bg-card text-sm font-medium hover:bg-muted disabled:opacity-60";

type Action = (state: SignInState, formData: FormData) => Promise<SignInState>;

/**
 * The dashboard's sign-in: `passwordMode` "password" (people's email and password, and the break-glass account's
 * username), "break-glass" (AUTH_PASSWORD_SIGN_IN=off: the administrator account only) or "hidden" (only a link to
 * the break-glass form); "Sign in with <oidcName>" when single sign-on is configured.
 */
export function SignInForm({
  action,
  oidcAction,
  callbackUrl,
  passwordMode,
  oidcName,
  initialError,
}: {
  action: Action;
  oidcAction: Action;
  callbackUrl: string;
  passwordMode: "password" | "break-glass" | "hidden";
  oidcName: string | null;
  initialError: string | null;
}) {
  const [state, formAction, pending] = useActionState(action, INITIAL);
  const [oidcState, oidcFormAction, oidcPending] = useActionState(oidcAction, INITIAL);
  const error = state.error ?? oidcState.error ?? (state === INITIAL && oidcState === INITIAL ? initialError : null);
  const breakGlass = passwordMode === "break-glass";
  return (
    <AuthShell>
      <div className="space-y-4 rounded-xl border border-border bg-card p-6 shadow-sm">
        <div className="space-y-1">
          <h1 id="sign-in-heading" className="text-lg font-semibold">
            {breakGlass ? "Administrator sign-in" : "Sign in"}
          </h1>
          <p className="text-sm text-muted-foreground">
            {passwordMode === "password"
              ? "With your email and password. The administrator account from the server's configuration (DASHBOARD_USERNAME) signs in with its username."
              : breakGlass
                ? "The administrator account from the server's configuration: DASHBOARD_USERNAME and DASHBOARD_PASSWORD, or the ones printed in the server console on first run."
                : `People sign in with ${oidcName}.`}
          </p>
        </div>
        {oidcName ? (
          <form action={oidcFormAction} data-testid="oidc-sign-in">
            <input type="hidden" name="callbackUrl" value={callbackUrl} />
            <button
              type="submit"
              disabled={oidcPending}
              className={passwordMode === "hidden" ? primaryClass : secondaryClass}
            >
              {oidcPending ? <Spinner /> : <KeyRound className="size-4" aria-hidden />}
              Sign in with {oidcName}
            </button>
          </form>
        ) : null}
        {oidcName && passwordMode !== "hidden" ? (
          <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
        ) : null}
        {passwordMode !== "hidden" ? (
          <form
            action={formAction}
            className="space-y-4"
            aria-labelledby="sign-in-heading"
            data-testid="password-sign-in"
          >
            <input type="hidden" name="callbackUrl" value={callbackUrl} />
            <div className="space-y-1.5">
              <label htmlFor="username" className="text-sm font-medium">
                {breakGlass ? "Username" : "Email or username"}
              </label>
              <input
                id="username"
                name="username"
                autoComplete="username"
                required
                defaultValue={state.username}
                className={inputClass}
                autoFocus
              />
            </div>
            <div className="space-y-1.5">
              <label htmlFor="password" className="text-sm font-medium">
                Password
              </label>
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                className={inputClass}
              />
            </div>
            <button type="submit" disabled={pending} className={primaryClass}>
              {pending ? <Spinner /> : null}
              {pending ? "Signing in…" : "Sign in"}
            </button>
          </form>
        ) : null}
        {error ? (
          <p
            role="alert"
            data-testid="sign-in-error"
            className="flex items-center gap-2 rounded-md border border-danger-border bg-danger-muted px-3 py-2 text-sm text-danger"
          >
            <TriangleAlert className="size-4 shrink-0" aria-hidden />
            {error}
          </p>
        ) : null}
      </div>
      {passwordMode === "hidden" ? (
        <p className="mt-4 text-center text-xs">
          <Link
            href={`/sign-in?admin=1&callbackUrl=${encodeURIComponent(callbackUrl)}`}
            className="text-muted-foreground underline-offset-2 hover:text-foreground hover:underline"
          >
            Administrator sign-in
          </Link>
        </p>
      ) : null}
    </AuthShell>
  );
}
