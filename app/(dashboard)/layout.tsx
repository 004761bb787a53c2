import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppFrame } from "@/components/layout/app-frame";
import { Sidebar } from "@/components/layout/sidebar";
import { auth } from "@/lib/server/auth";
import { REQUEST_PATH_HEADER, signInPathFor } from "@/lib/server/request-path";
import { safeCallbackUrl } from "../(auth)/sign-in/callback-url";
import { signOutAction } from "./actions";
import { upstreamLabel } from "./upstream";

/** Every dashboard page needs a session; without one it goes to the sign-in page (and back afterwards). */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  // The whole requested URL (query included) survives sign-in, e.g. the MCP OAuth landing page opened cold.
  if (!session?.user)
    redirect(signInPathFor((await headers()).get(REQUEST_PATH_HEADER), (p) => safeCallbackUrl(p, "") === p));
  return (
    <AppFrame
      sidebar={
        <Sidebar upstream={upstreamLabel()} userName={session.user.name ?? "signed in"} signOutAction={signOutAction} />
      }
    >
      {children}
    </AppFrame>
  );
}
