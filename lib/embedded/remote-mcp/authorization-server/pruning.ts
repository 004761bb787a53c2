import "server-only";
import type { AuthServerContext } from "./context";
import * as store from "./store";

/** Expired codes and tokens are deleted this long after they expire (a code used again meanwhile still revokes). */
const EXPIRED_KEEP_MS = 24 * 3600_000;
/** Expired rows are looked for at most this often per instance (on token requests). */
const PRUNE_EVERY_MS = 10 * 60_000;

/** Codes and tokens expired more than a day ago (a used code or refresh token is remembered that long for reuse detection). */
export async function prune(ctx: AuthServerContext): Promise<{ codes: number; tokens: number }> {
  const before = new Date(ctx.now().getTime() - EXPIRED_KEEP_MS);
  const codes = await store.deleteCodesExpiredBefore(ctx.db, before);
  const tokens = await store.deleteTokensExpiredBefore(ctx.db, before);
  return { codes, tokens };
}

/** A `prune` that runs at most every ten minutes (per instance: each keeps its own last time). */
export function pruneNowAndThen(ctx: AuthServerContext): () => Promise<void> {
  let lastPrunedAt = Number.NEGATIVE_INFINITY;
  return async () => {
    const now = ctx.now().getTime();
    if (now - lastPrunedAt < PRUNE_EVERY_MS) return;
    lastPrunedAt = now;
    await prune(ctx);
  };
}
