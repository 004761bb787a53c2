import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../store/db";
import { quotaUsage } from "../store/schema";

/** An amount taken from one quota of one day, within its limit. */
export interface QuotaDraw {
  quota: string;
  amount: number;
  limit: number;
}

/**
 * Takes every draw on `day` or none, atomically across instances sharing the database: per quota one
 * `insert … on conflict do update set used = used + n where used + n <= limit returning used`, all in one
 * transaction. Returns null when all fit, else the first quota that would pass its limit (nothing was taken).
 */
export async function drawQuotas(db: Db, day: string, draws: readonly QuotaDraw[]): Promise<string | null> {
  try {
    await db.transaction(async (tx) => {
      for (const draw of draws) {
        if (draw.amount <= 0) continue;
        const fits =
          draw.amount <= draw.limit &&
          (
            await tx
              .insert(quotaUsage)
              .values({ day, quota: draw.quota, used: draw.amount })
              .onConflictDoUpdate({
                target: [quotaUsage.day, quotaUsage.quota],
                set: { used: sql`${quotaUsage.used} + ${draw.amount}` },
                setWhere: sql`${quotaUsage.used} + ${draw.amount} <= ${draw.limit}`,
              })
              .returning({ used: quotaUsage.used })
          ).length > 0;
        if (!fits) throw new Refused(draw.quota);
      }
    });
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.quota;
    throw error;
  }
}

/** Rolls back a draw's transaction. */
class Refused extends Error {
  constructor(readonly quota: string) {
    super(`quota ${quota} would pass its limit`);
  }
}

/** Gives back what a request took (its work failed): never below zero. */
export async function returnQuotas(db: Db, day: string, draws: readonly Omit<QuotaDraw, "limit">[]): Promise<void> {
  for (const draw of draws) {
    if (draw.amount <= 0) continue;
    await db
      .update(quotaUsage)
      .set({ used: sql`greatest(${quotaUsage.used} - ${draw.amount}, 0)` })
      .where(and(eq(quotaUsage.day, day), eq(quotaUsage.quota, draw.quota)));
  }
}

/** What each of these quotas used on `day` (absent: nothing). */
export async function usedOn(db: Db, day: string, quotas: readonly string[]): Promise<Map<string, number>> {
  if (!quotas.length) return new Map();
  const rows = await db
    .select({ quota: quotaUsage.quota, used: quotaUsage.used })
    .from(quotaUsage)
    .where(and(eq(quotaUsage.day, day), inArray(quotaUsage.quota, [...quotas])));
  return new Map(rows.map((r) => [r.quota, Number(r.used)]));
}
