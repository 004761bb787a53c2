"use client";

import { TriangleAlert } from "lucide-react";
import { useActionState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { ThemeToggle } from "@/components/theme/theme-toggle";

export interface SignInState {
  error: string | null;
  username: string;
}

const INITIAL: SignInState = { error: null, username: "" };

const inputClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 focus-visible:outline-none";

/** The dashboard's sign-in form; `action` is the server action that signs in. */
export function SignInForm({
  action,
  callbackUrl,
}: {
  action: (state: SignInState, formData: FormData) => Promise<SignInState>;
  callbackUrl: string;
}) {
  const [state, formAction, pending] = useActionState(action, INITIAL);
  return (
    <div className="w-full max-w-sm">
      <div className="mb-6 flex items-center justify-between">
        <div className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <span
            aria-hidden
            className="grid size-8 place-items-center rounded-md bg-primary font-bold text-primary-foreground"
          >
            A
          </span>
          Atelier
        </div>
        <ThemeToggle />
      </div>
      <form
        action={formAction}
        className="space-y-4 rounded-xl border border-border bg-card p-6 shadow-sm"
        aria-labelledby="sign-in-heading"
      >
        <div className="space-y-1">
          <h1 id="sign-in-heading" className="text-lg font-semibold">
            Sign in
          </h1>
          <p className="text-sm text-muted-foreground">
            Use the dashboard credentials: <code className="font-mono text-xs">DASHBOARD_USERNAME</code> and{" "}
            <code className="font-mono text-xs">DASHBOARD_PASSWORD</code>, or the ones printed in the server console on
            first run.
          </p>
        </div>
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <div className="space-y-1.5">
          <label htmlFor="username" className="text-sm font-medium">
            Username
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
        {state.error ? (
          <p
            role="alert"
            data-testid="sign-in-error"
            className="flex items-center gap-2 rounded-md border border-danger-border bg-danger-muted px-3 py-2 text-sm text-danger"
          >
            <TriangleAlert className="size-4 shrink-0" aria-hidden />
            {state.error}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={pending}
          className="inline-flex h-10 w-full items-center justify-center gap-2 rounded-md bg-primary text-sm font-medium text-primary-foreground hover:opacity-90 disabled:opacity-60"
        >
          {pending ? <Spinner /> : null}
          {pending ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </div>
  );
}
