import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { auth } from "@/lib/server/auth";
import { signInAction } from "./actions";
import { safeCallbackUrl } from "./callback-url";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { callbackUrl } = await searchParams;
  const target = safeCallbackUrl(Array.isArray(callbackUrl) ? callbackUrl[0] : callbackUrl);
  const session = await auth();
  if (session?.user) redirect(target);
  return (
    <main className="grid min-h-dvh place-items-center bg-surface px-4">
      <SignInForm action={signInAction} callbackUrl={target} />
    </main>
  );
}
