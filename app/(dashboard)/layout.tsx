import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppFrame } from "@/components/layout/app-frame";
import { Sidebar } from "@/components/layout/sidebar";
import { auth } from "@/lib/server/auth";
import { signOutAction } from "./actions";
import { upstreamLabel } from "./upstream";

/** Every dashboard page needs a session; without one it goes to the sign-in page. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  if (!session?.user) redirect("/sign-in");
  return (
    <AppFrame
      sidebar={<Sidebar upstream={upstreamLabel()} userName={session.user.name ?? "signed in"} signOutAction={signOutAction} />}
    >
      {children}
    </AppFrame>
  );
}
