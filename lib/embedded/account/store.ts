import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "../store/db";
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
