import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { ThemeScript } from "@/components/theme/theme-script";
import { NONCE_HEADER } from "@/lib/server/security-headers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Atelier", template: "%s · Atelier" },
  description: "A dashboard for the chat code-generation service.",
  icons: { icon: "/favicon.svg" },
};

/** Every page renders per request: its CSP nonce (set by proxy.ts) is new each time. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript nonce={nonce} />
      </head>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
