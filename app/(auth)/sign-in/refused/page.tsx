import type { Metadata } from "next";
import { AuthNotice } from "@/components/auth/auth-notice";
import { getConfig } from "@/lib/server/config";

export const metadata: Metadata = { title: "Sign-in refused" };

/** Why single sign-on let someone in at the provider but not into Atelier (lib/server/auth/oidc.ts). */
function reasonText(reason: string, provider: string): string {
  switch (reason) {
    case "no-role":
      return `Your account at ${provider} has none of the groups or roles that give access to Atelier. Ask an administrator to give you one.`;
    case "domain":
      return "Your email address is not on a domain allowed to sign in here (or your provider says it is not verified).";
    case "no-email":
      return `${provider} did not share your email address, which Atelier needs to know who you are.`;
    case "disabled":
      return "Your Atelier account is disabled. Ask an administrator.";
    case "email-taken":
      return "Another account already uses your email address in Atelier. Ask an administrator.";
    default:
      return "Atelier could not let you in.";
  }
}

/** The page single sign-on sends someone refused to: it says why, and offers to try again. */
export default async function SignInRefusedPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).reason;
  const reason = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  const provider = getConfig().oidc?.name ?? "your provider";
  return (
    <AuthNotice
      title="You cannot sign in to Atelier"
      testId="sign-in-refused"
      data={{ "data-reason": reason }}
      link={{ href: "/sign-in", label: "Back to sign-in" }}
    >
      {reasonText(reason, provider)}
    </AuthNotice>
  );
}
