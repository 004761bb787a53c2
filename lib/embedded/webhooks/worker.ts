import "server-only";
import type { OutboundFetch } from "../outbound/fetch";
import type { Db } from "../store";
import type { AttemptTrigger, DeliveryRow } from "../store/schema";
import { postDelivery } from "./attempt";
import { retryDelay } from "./schedule";
import type { SecretBox } from "../mcp/secret-box";
import { openSigningSecrets } from "./sealed-secrets";
import { signedHeaders } from "./secret";
import * as store from "./store";

interface WorkerOptions {
  db: Db;
  /** Delays between attempts in ms (wire-decisions.md 8 by default). */
  schedule: readonly number[];
  timeoutMs: number;
  /** The clock of the secret overlap and of the failure age (a test moves it instead of waiting days). */
  now: () => Date;
  /** After this long of nothing but failed attempts the webhook is disabled. */
  disableAfterMs: number;
  /** How attempts reach their targets: the outbound guard. */
  fetch: OutboundFetch;
  /** What the signing secrets are sealed with (sealed-secrets.ts). */
  box: SecretBox;
  random?: () => number;
}

/**
 * Beyond the timeout, how long a delivery's lease outlives its attempt (a crash mid-attempt retries after this): as
 * long again as the timeout, at most 30 s.
 */
const leaseMargin = (timeoutMs: number) => Math.min(30_000, timeoutMs);
/** The worker looks at the queue at least this often even when nothing is due (another process may add work). */
const IDLE_MS = 60_000;
/** Deliveries taken per round. */
const BATCH = 50;

/**
 * The one in-process delivery loop: takes due deliveries, attempts them (in order per webhook, webhooks in
 * parallel), records every attempt and schedules the next, then sleeps until the next due time or a wake-up.
 */
export class DeliveryWorker {
  private stopped = false;
  private woken = false;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private readonly abort = new AbortController();
  private readonly inflight = new Set<Promise<unknown>>();
  /** Deliveries may be due (until a look at the queue finds none pending): what `quiet` reports. */
  private pending = true;

  constructor(private readonly opts: WorkerOptions) {}

  start(): void {
    this.loop ??= this.run();
  }

  /** Something was queued: look again now. */
  wake(): void {
    this.woken = true;
    this.pending = true;
    this.wakeUp?.();
  }

  /**
   * Nothing to send: no attempt in flight and the last look at the queue found no delivery pending (a retry
   * scheduled for later counts as pending). The database may then close (docs/architecture.md "Memory").
   */
  quiet(): boolean {
    return !this.pending && this.inflight.size === 0;
  }

  /** Stops the loop; attempts in flight are aborted and their deliveries become due again (at-least-once). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    this.wake();
    await this.loop;
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  /**
   * One attempt now, whatever the delivery's state (a resend, or the first attempt of a test event). Null when an
   * attempt is already in flight.
   */
  attemptNow(delivery: DeliveryRow, trigger: "resend" | "test"): Promise<DeliveryRow | null> {
    // A failed attempt schedules a retry, which the loop (asleep until its own next due time, up to a minute) must
    // hear of to keep its time.
    return this.track(
      this.attempt(delivery.id, trigger).finally(() => {
        if (!this.stopped) this.wake();
      }),
    );
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      let worked = false;
      try {
        worked = await this.round();
      } catch (error) {
        if (this.stopped) break;
        console.error("[embedded] webhook delivery round failed", error);
        await this.pause(1000);
        continue;
      }
      if (!worked && !this.stopped) await this.pause(await this.idleDelay());
    }
  }

  private async round(): Promise<boolean> {
    const due = await store.dueDeliveries(this.opts.db, new Date(), BATCH);
    if (!due.length) return false;
    const byWebhook = new Map<string, DeliveryRow[]>();
    for (const d of due) byWebhook.set(d.webhookId, [...(byWebhook.get(d.webhookId) ?? []), d]);
    await Promise.all(
      [...byWebhook.values()].map(async (list) => {
        for (const d of list) {
          if (this.stopped) return;
          await this.track(this.attempt(d.id, "schedule"));
        }
      }),
    );
    return true;
  }

  private async idleDelay(): Promise<number> {
    try {
      const at = await store.nextWakeAt(this.opts.db);
      // A wake-up since this round began may be a delivery stored after the look: still pending.
      if (!at && !this.woken) this.pending = false;
      return at ? Math.min(IDLE_MS, Math.max(0, at.getTime() - Date.now())) : IDLE_MS;
    } catch (error) {
      if (!this.stopped) console.error("[embedded] webhook worker could not read the queue", error);
      return 1000;
    }
  }

  private pause(ms: number): Promise<void> {
    if (this.woken || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref?.();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inflight.add(p);
    p.finally(() => this.inflight.delete(p)).catch(() => {});
    return p;
  }

  private async attempt(id: string, asked: "schedule" | "resend" | "test"): Promise<DeliveryRow | null> {
    const { db, schedule, timeoutMs } = this.opts;
    const now = new Date();
    const until = new Date(now.getTime() + timeoutMs + leaseMargin(timeoutMs));
    const delivery = await store.lockDelivery(db, id, now, until, { resend: asked !== "schedule" });
    if (!delivery) return null;
    const hook = await store.findWebhook(db, delivery.webhookId);
    if (!hook) return null;
    const trigger: AttemptTrigger = asked === "schedule" ? (delivery.nextTrigger ?? "schedule") : asked;

    const at = new Date();
    const secrets = openSigningSecrets(this.opts.box, hook, this.opts.now());
    // A secret sealed under another key (the service's key changed) signs nothing: the attempt fails saying so.
    const http = secrets.length
      ? await postDelivery({
          url: hook.url,
          headers: signedHeaders(secrets, delivery.id, at, delivery.payload),
          body: delivery.payload,
          timeoutMs,
          signal: this.abort.signal,
          fetch: this.opts.fetch,
        })
      : {
          statusCode: null,
          durationMs: 0,
          error:
            "not sent: the signing secret cannot be read with the service's key (EMBEDDED_SECRET_KEY changed?); rotate the webhook's secret",
          responseExcerpt: "",
        };
    if (this.abort.signal.aborted && http.statusCode === null) {
      await store.unlockDelivery(db, delivery.id, new Date()).catch(() => {});
      return null;
    }

    const number = delivery.attemptCount + 1;
    const code = http.statusCode;
    const ok = code !== null && code >= 200 && code < 300;
    const gone = code === 410;
    const delay = ok || gone ? null : retryDelay(schedule, number, (this.opts.random ?? Math.random)());
    const nextAttemptAt = delay === null ? null : new Date(Date.now() + delay);
    const status = ok ? "succeeded" : nextAttemptAt ? "pending" : "failed";
    const recorded = await store.recordAttempt(db, delivery, {
      attempt: {
        deliveryId: delivery.id,
        number,
        trigger,
        at,
        durationMs: http.durationMs,
        statusCode: code,
        ok,
        error: gone ? "410 Gone: the webhook is disabled" : http.error,
        responseExcerpt: http.responseExcerpt,
        nextAttemptAt,
      },
      status,
      gone,
      now: this.opts.now(),
      disableAfterMs: this.opts.disableAfterMs,
    });
    if (!recorded) return null;
    return {
      ...delivery,
      status,
      nextTrigger: null,
      attemptCount: number,
      nextAttemptAt,
      lockedUntil: null,
      updatedAt: at,
    };
  }
}
