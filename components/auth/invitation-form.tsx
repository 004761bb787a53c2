"use client";

import { TriangleAlert, UserPlus } from "lucide-react";
import { useActionState } from "react";
import { PASSWORD_LENGTH, PERSON_NAME_MAX } from "@/lib/api";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { RelativeTime } from "@/components/ui/relative-time";
import { AuthNotice } from "./auth-notice";
import { AuthShell } from "./auth-shell";

export interface InvitationState {
  error: string | null;
  name: string;
  /** The invitation could not be used after all (used, revoked or expired meanwhile). */
  gone: boolean;
}

const INITIAL: InvitationState = { error: null, name: "", gone: false };

const ROLE_TEXT: Record<string, string> = {
  admin: "an admin: you will manage people, webhooks and settings, and work on chats",
  member: "a member: you will create chats and work on them",
  viewer: "a viewer: you will read chats, without changing anything",
};

/** The page of an invitation that cannot be used: unknown, used, revoked or expired look the same. */
export function InvitationGone() {
  return (
    <AuthNotice
      title="This invitation cannot be used"
      testId="invitation-invalid"
      link={{ href: "/sign-in", label: "Go to sign-in" }}
    >
      The link is wrong, was used already, was revoked, or expired (an invitation lasts 7 days). Ask whoever invited you
      for a new one.
    </AuthNotice>
  );
}

/** "Create account" for an invitation: who invited, with which role; the person chooses a name and a password. */
export function InvitationForm({
  invitation,
  signedInAs,
  passwordSignIn,
  action,
}: {
  invitation: { email: string; role: string; expiresAt: string; invitedBy: string | null };
  /** Someone already signed in in this browser: creating the account signs them out of theirs. */
  signedInAs: string | null;
  /** People sign in with their password afterwards (AUTH_PASSWORD_SIGN_IN is not off). */
  passwordSignIn: boolean;
  action: (state: InvitationState, formData: FormData) => Promise<InvitationState>;
}) {
  const [state, formAction, pending] = useActionState(action, INITIAL);
  if (state.gone) return <InvitationGone />;
  return (
    <main className="grid min-h-dvh place-items-center bg-surface px-4 py-8">
      <AuthShell>
        <form
          action={formAction}
          className="space-y-4 rounded-xl border border-border bg-card p-6 shadow-sm"
          aria-labelledby="invitation-heading"
          data-testid="invitation"
          data-role={invitation.role}
        >
          <div className="space-y-2">
            <h1 id="invitation-heading" className="flex items-center gap-2 text-lg font-semibold">
              <UserPlus className="size-5 shrink-0 text-primary" aria-hidden />
              Join Atelier
            </h1>
            <p className="text-sm text-muted-foreground" data-testid="invitation-summary">
              {invitation.invitedBy ? (
                <span className="font-medium text-foreground">{invitation.invitedBy}</span>
              ) : (
                "An administrator"
              )}{" "}
              invited you as {ROLE_TEXT[invitation.role] ?? `a ${invitation.role}`}.
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Email</dt>
              <dd className="min-w-0 truncate font-medium" data-testid="invitation-email">
                {invitation.email}
              </dd>
              <dt className="text-muted-foreground">Expires</dt>
              <dd>
                <RelativeTime iso={invitation.expiresAt} />
              </dd>
            </dl>
          </div>
          <TextField
            id="name"
            label="Your name"
            autoComplete="name"
            required
            maxLength={PERSON_NAME_MAX}
            defaultValue={state.name}
            autoFocus
          />
          <TextField
            id="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_LENGTH.min}
            maxLength={PASSWORD_LENGTH.max}
            hint={`At least ${PASSWORD_LENGTH.min} characters.${passwordSignIn ? " You sign in with your email and this password." : ""}`}
          />
          {signedInAs ? (
            <p className="text-xs text-muted-foreground">
              You are signed in as {signedInAs} in this browser: creating this account signs you in as the new person
              instead.
            </p>
          ) : null}
          {state.error ? (
            <p
              role="alert"
              data-testid="invitation-error"
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
            {pending ? "Creating your account…" : "Create account"}
          </button>
        </form>
      </AuthShell>
    </main>
  );
}
