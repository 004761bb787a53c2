import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import { and, eq, isNull, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { queryPgliteDir } from "@/lib/db/open";
import { messages, versions, webhookDeliveries } from "./store/schema";

/** The embedded service's PGlite directory for a data directory: `<dataDir>/pglite`, as in service.ts. */
export const embeddedPgliteDir = (dataDir: string) => path.join(dataDir, "pglite");

/**
 * Whether the embedded service's PGlite database should open when the server starts rather than on its first request
 * (a PGlite database is a WebAssembly Postgres, the larger part of an idle server's memory).
 *
 * Opening does work of its own, without any request: the webhook worker resumes the deliveries a previous run left
 * pending, answers cut off by the stop are closed as failed, pending versions fail. So: only when the directory holds
 * such work; a new directory holds none. The look is taken by a child process (lib/db `queryPgliteDir`) while the
 * caller holds the directory's lock; when it cannot answer (an older schema, a damaged directory) the answer is yes,
 * and opening reports what is wrong as before.
 *
 * Only for this decision: the embedded service itself opens, migrates and cleans up in `createEmbeddedService`.
 */
export async function embeddedWorkWaiting(dataDir: string): Promise<boolean> {
  const dir = embeddedPgliteDir(dataDir);
  if (!existsSync(path.join(dir, "PG_VERSION"))) return false;
  const query = new PgDialect().sqlToQuery(
    sql`select (exists (select 1 from ${webhookDeliveries} where ${eq(webhookDeliveries.status, "pending")})
      or exists (select 1 from ${messages} where ${and(eq(messages.role, "assistant"), isNull(messages.finishReason))})
      or exists (select 1 from ${versions} where ${eq(versions.status, "pending")})) as "waiting"`,
  );
  try {
    const [row] = await queryPgliteDir<{ waiting: boolean }>(dir, query);
    return row?.waiting !== false;
  } catch (error) {
    console.warn(`[embedded] could not look for waiting work: ${error instanceof Error ? error.message : error}`);
    return true;
  }
}
