import type { Metadata } from "next";
import { signedInPerson } from "@/app/_wiring/auth";
import { peopleDirectory } from "@/app/_wiring/people";
import { getConfig } from "@/lib/server/config";
import { InvitationForm, InvitationGone } from "@/components/auth/invitation-form";
import { acceptInvitationAction } from "./actions";

export const metadata: Metadata = { title: "Invitation", robots: { index: false, follow: false } };

/**
 * An invitation's one-time link (no sign-in needed): who invited, with which role, and "Create account" (name and
 * password), after which the new person is signed in. A token unknown, used, revoked or expired gets one page saying
 * the link cannot be used, whichever it is.
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await (await peopleDirectory()).invitation(token);
  if (!invitation) return <InvitationGone />;
  const current = await signedInPerson();
  return (
    <InvitationForm
      invitation={{
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt,
        invitedBy: invitation.invitedBy ?? null,
      }}
      signedInAs={current?.name ?? null}
      passwordSignIn={getConfig().passwordSignIn}
      action={acceptInvitationAction.bind(null, token)}
    />
  );
}
