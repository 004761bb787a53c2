import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { PreviewOriginProvider } from "@/components/files/preview-origin-context";
import { AppFrame } from "@/components/layout/app-frame";
import { Sidebar } from "@/components/layout/sidebar";
import { signedInPerson } from "@/app/_wiring/auth";
import { PersonProvider } from "@/lib/hooks/person";
import { getConfig } from "@/lib/server/config";
import { REQUEST_PATH_HEADER, signInPathFor } from "@/lib/server/request-path";
import { safeCallbackUrl } from "../(auth)/sign-in/callback-url";
import { signOutAction } from "./actions";
import { upstreamLabel } from "./upstream";

/**
 * Every dashboard page needs a live session (the person checked against the directory); without one it goes to the
 * sign-in page (and back afterwards).
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const person = await signedInPerson();
  // The whole requested URL (query included) survives sign-in, e.g. the MCP OAuth landing page opened cold.
  if (!person) redirect(signInPathFor((await headers()).get(REQUEST_PATH_HEADER), (p) => safeCallbackUrl(p, "") === p));
  const config = getConfig();
  return (
    <PersonProvider person={person}>
      {/* The Preview tab opens the embedded service's previews through their origin's handoff (preview-url.ts). */}
      <PreviewOriginProvider origin={config.serveEmbedded ? config.preview.origin : null}>
        <AppFrame sidebar={<Sidebar upstream={upstreamLabel()} person={person} signOutAction={signOutAction} />}>
          {children}
        </AppFrame>
      </PreviewOriginProvider>
    </PersonProvider>
  );
}
