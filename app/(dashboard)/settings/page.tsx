import type { Metadata } from "next";
import { auth } from "@/lib/server/auth";
import { serviceFacts } from "./service-facts";
import { SettingsPageClient } from "./page-client";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const session = await auth();
  return <SettingsPageClient userName={session?.user?.name ?? "signed in"} service={serviceFacts()} />;
}
