import type { ReactNode } from "react";
import { serviceIdOf } from "@/app/_wiring/caller";
import { PreviewOriginProvider } from "@/components/files/preview-origin-context";
import { AppFrame } from "@/components/layout/app-frame";
import { Sidebar } from "@/components/layout/sidebar";
import { PersonProvider } from "@/lib/hooks/person";
import { getConfig } from "@/lib/server/config";
import { signOutAction } from "./actions";
import { requireSession } from "./session";
import { upstreamLabel } from "./upstream";

/**
 * Every dashboard page needs a live session (the person checked against the directory); without one it goes to the
 * sign-in page (and back afterwards). A page that reads server data checks it itself too (session.ts): this layout is
 * not run on client navigations between pages.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const person = await requireSession();
  const config = getConfig();
  return (
    <PersonProvider person={{ ...person, serviceId: serviceIdOf(person) }}>
      {/* The Preview tab opens the embedded service's previews through their origin's handoff (preview-url.ts). */}
      <PreviewOriginProvider origin={config.preview?.origin ?? null}>
        <AppFrame sidebar={<Sidebar upstream={upstreamLabel()} person={person} signOutAction={signOutAction} />}>
          {children}
        </AppFrame>
      </PreviewOriginProvider>
    </PersonProvider>
  );
}
