import "server-only";
import { QUOTA_NAMES, QuotaName, type Quota, type QuotaLimits } from "@/lib/api";
import { HttpError } from "../errors";
import { type Db } from "../store";
import * as quotasStore from "./store";
import type { QuotaDraw } from "./store";
import { chargesOf, type RoutedRequest } from "./charges";
import { nextUtcMidnight, secondsUntilReset, utcDay } from "./day";

/** What a request took from the content quotas, given back when its work failed (a 4xx/5xx answer). */
interface QuotaTicket {
  giveBack(): Promise<void>;
}

const LABELS: Record<QuotaName, string> = {
  api_requests: "API requests",
  chat_messages: "chat messages",
  file_uploads_bytes: "file uploads (bytes)",
  deployments: "deployments",
};

/** Routes never counted nor refused: the quota report itself (so a client can see why it is refused). */
const EXEMPT = new Set<string>(["v2.quotas"]);

/**
 * The daily quotas of interface.md Part 8, counted in the database per UTC day (shared by every instance on it).
 * Only quotas with a limit are counted; with none (the default) the meter does nothing. Before a request's handler
 * runs, `take` draws one API request plus what the request carries (chargesOf) atomically, or refuses it with 429
 * (`Retry-After`: seconds until the next UTC midnight) having taken nothing.
 */
export class QuotaMeter {
  private readonly db: Db;
  private readonly limits: QuotaLimits;
  private readonly now: () => Date;

  constructor(opts: { db: Db; limits?: QuotaLimits; now?: () => Date }) {
    this.db = opts.db;
    this.limits = Object.fromEntries(
      Object.entries(opts.limits ?? {}).filter(
        ([name, n]) => QuotaName.safeParse(name).success && Number.isInteger(n) && n >= 0,
      ),
    );
    this.now = opts.now ?? (() => new Date());
  }

  /** Whether any quota is on. */
  get enabled(): boolean {
    return Object.keys(this.limits).length > 0;
  }

  /** Draws the request's quotas or throws the 429; a ticket when content quotas were drawn. */
  async take(req: RoutedRequest): Promise<QuotaTicket | null> {
    if (!this.enabled || EXEMPT.has(req.route)) return null;
    const draws: QuotaDraw[] = [];
    const add = (quota: QuotaName, amount: number) => {
      const limit = this.limits[quota];
      if (limit !== undefined && amount > 0) draws.push({ quota, amount, limit });
    };
    add("api_requests", 1);
    for (const [quota, amount] of Object.entries(chargesOf(req)) as [QuotaName, number][]) add(quota, amount);
    if (!draws.length) return null;
    const at = this.now();
    const day = utcDay(at);
    const refused = await quotasStore.drawQuotas(this.db, day, draws);
    if (refused) throw quotaExceeded(refused as QuotaName, this.limits[refused as QuotaName]!, at);
    const content = draws.filter((d) => d.quota !== "api_requests");
    return content.length ? { giveBack: () => quotasStore.returnQuotas(this.db, day, content) } : null;
  }

  /** Every quota with its limit (null: off), what was counted today and when it resets. */
  async report(): Promise<Quota[]> {
    const at = this.now();
    const used = await quotasStore.usedOn(this.db, utcDay(at), QUOTA_NAMES);
    const resetsAt = nextUtcMidnight(at).toISOString();
    return QUOTA_NAMES.map((name) => ({ name, limit: this.limits[name] ?? null, used: used.get(name) ?? 0, resetsAt }));
  }
}

/** 429 naming the quota and when it resets; v1 `{code: "quota_exceeded", type: "rate_limit_error"}`. */
function quotaExceeded(quota: QuotaName, limit: number, at: Date): HttpError {
  const seconds = secondsUntilReset(at);
  const resetsAt = nextUtcMidnight(at).toISOString();
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.ceil((seconds % 3600) / 60);
  const wait = hours ? `${hours} h ${minutes} min` : `${minutes} min`;
  return new HttpError(
    429,
    `Daily quota exceeded: ${LABELS[quota]} (${quota}), ${limit.toLocaleString("en-US")} per day. ` +
      `It resets at ${resetsAt} (midnight UTC), in about ${wait}.`,
    "quota_exceeded",
    { "retry-after": String(seconds) },
  );
}
