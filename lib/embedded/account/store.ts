import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../store/db";
import { Privacy } from "@/lib/api";
import { serviceSettings } from "../store/schema";

/** The trusted preview hosts (the document's settings.previewHosts); none until set. */
export async function previewHosts(db: Db): Promise<string[]> {
  const [row] = await db.select().from(serviceSettings).where(eq(serviceSettings.key, "preview_hosts"));
  return Array.isArray(row?.value) ? row.value.filter((h): h is string => typeof h === "string") : [];
}

export async function setPreviewHosts(db: Db, hosts: readonly string[], at: Date): Promise<void> {
  const value = [...hosts];
  await db
    .insert(serviceSettings)
    .values({ key: "preview_hosts", value, updatedAt: at })
    .onConflictDoUpdate({ target: serviceSettings.key, set: { value, updatedAt: at } });
}

/** A new chat's privacy when none is sent (an admin chooses it; issue 40): private until set. */
export async function defaultPrivacy(db: Db): Promise<Privacy> {
  const [row] = await db.select().from(serviceSettings).where(eq(serviceSettings.key, "default_privacy"));
  const parsed = Privacy.safeParse(row?.value);
  return parsed.success ? parsed.data : "private";
}

export async function setDefaultPrivacy(db: Db, privacy: Privacy, at: Date): Promise<void> {
  await db
    .insert(serviceSettings)
    .values({ key: "default_privacy", value: privacy, updatedAt: at })
    .onConflictDoUpdate({ target: serviceSettings.key, set: { value: privacy, updatedAt: at } });
}
