"use server";

import { signOut } from "@/app/_wiring/auth";

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/sign-in" });
}
