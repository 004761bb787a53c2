import "server-only";
import type { Listening } from "@/lib/db/notify";
import type { EmitEvent } from "../events";
import type { SecretBox } from "../mcp/secret-box";
import type { OutboundFetch } from "../outbound/fetch";
import type { Db } from "../store";
import type { WebhookEvent } from "@/lib/api";
import type { DeliveryRow, WebhookRow } from "../store/schema";
import { DELIVERIES_CHANNEL, recordEvent } from "./enqueue";
import { sealWebhookSecret } from "./sealed-secrets";
import { DEFAULT_RETRY_SCHEDULE } from "./schedule";
import { sendTestEvent } from "./example-delivery";
import { DeliveryWorker } from "./worker";

interface WebhooksOptions {
  db: Db;
  /** Where stored deliveries are announced (by any instance on PostgreSQL). */
  listening: Listening;
  /** Delays between attempts in ms; default wire-decisions.md 8 (5 s … 10 h). */
  retrySchedule?: readonly number[];
  /** Per-attempt timeout; default 15 s. */
  timeoutMs?: number;
  /** The clock of the secret rotation overlap and of the failure age; default the system clock. */
  now?: () => Date;
  /** How long nothing but failures disables a webhook; default 5 days. */
  disableAfterMs?: number;
  /** The outbound guard deliveries go through (outbound/fetch.ts, with the dashboard's inbox exempted). */
  fetch: OutboundFetch;
  /** The service's secret box: signing secrets are sealed with it at rest (sealed-secrets.ts). */
  box: SecretBox;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
/** After 5 days of nothing but failed attempts a webhook is disabled. */
const DEFAULT_DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;

/**
 * Webhook delivery of the embedded service: `emit` stores an event's deliveries in the transaction of the change
 * (the outbox); the worker sends them, woken by the announcement at the commit (any instance's, on PostgreSQL) and
 * resuming what a previous run left pending.
 */
export class Webhooks {
  private readonly worker: DeliveryWorker;
  /** The clock of the secret rotation overlap and of the failure age. */
  readonly now: () => Date;
  private unlisten: Promise<() => Promise<void>> | null = null;
  private readonly db: Db;
  private readonly box: SecretBox;

  constructor(opts: WebhooksOptions) {
    this.db = opts.db;
    this.box = opts.box;
    this.now = opts.now ?? (() => new Date());
    this.worker = new DeliveryWorker({
      db: opts.db,
      schedule: opts.retrySchedule ?? DEFAULT_RETRY_SCHEDULE,
      timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      now: this.now,
      disableAfterMs: opts.disableAfterMs ?? DEFAULT_DISABLE_AFTER_MS,
      fetch: opts.fetch,
      box: opts.box,
    });
    this.unlisten = opts.listening.listen(DELIVERIES_CHANNEL, () => this.worker.wake());
    this.unlisten.catch((error: unknown) => console.error("[embedded] cannot hear webhook announcements", error));
    this.worker.start();
  }

  /** A signing secret as the webhook's row keeps it: sealed, bound to the webhook. */
  sealSecret(hookId: string, secret: string): string {
    return sealWebhookSecret(this.box, hookId, secret);
  }

  /** Records an event through `db` (pass the change's transaction). */
  readonly emit: EmitEvent = (db, type, input) => recordEvent(db, { type, at: new Date(), ...input });

  /** A new attempt of a delivery now; null when one is already in flight. */
  resend(delivery: DeliveryRow): Promise<DeliveryRow | null> {
    return this.worker.attemptNow(delivery, "resend");
  }

  /** Stores a test delivery of `event`'s example for `hook` and makes its first attempt now (example-delivery.ts). */
  sendTest(hook: WebhookRow, event: WebhookEvent): Promise<DeliveryRow> {
    return sendTestEvent(this.db, hook, event, (d) => this.worker.attemptNow(d, "test"));
  }

  /** No delivery in flight or pending (DeliveryWorker.quiet). */
  quiet(): boolean {
    return this.worker.quiet();
  }

  /** Stops the worker (attempts in flight are retried on the next start, by this or another instance). */
  async close(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    await (
      await unlisten?.catch(() => null)
    )?.();
    await this.worker.stop();
  }
}

export * as webhooksStore from "./store";
export { toDelivery, toWebhook } from "./views";
export { newWebhookSecret, SECRET_OVERLAP_MS } from "./secret";
export { DELIVERIES_CHANNEL } from "./enqueue";
export { sealPlainWebhookSecrets } from "./sealed-secrets";
