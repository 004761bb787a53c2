import "server-only";
import type { EventBus } from "../events";
import type { Db } from "../store";
import type { DeliveryRow } from "../store/schema";
import { Enqueuer } from "./enqueue";
import { DEFAULT_RETRY_SCHEDULE } from "./schedule";
import { DeliveryWorker } from "./worker";

interface WebhooksOptions {
  db: Db;
  events: EventBus;
  /** Delays between attempts in ms; default wire-decisions.md 8 (5 s … 10 h). */
  retrySchedule?: readonly number[];
  /** Per-attempt timeout; default 15 s. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Webhook delivery of the embedded service: subscribes to the event bus, queues deliveries in the database
 * and runs the worker that sends them (it resumes what a previous run left pending).
 */
export class Webhooks {
  private readonly enqueuer: Enqueuer;
  private readonly worker: DeliveryWorker;
  private readonly unsubscribe: () => void;

  constructor(opts: WebhooksOptions) {
    this.worker = new DeliveryWorker({
      db: opts.db,
      schedule: opts.retrySchedule ?? DEFAULT_RETRY_SCHEDULE,
      timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
    this.enqueuer = new Enqueuer(opts.db, () => this.worker.wake());
    this.unsubscribe = opts.events.subscribe((event) => this.enqueuer.accept(event));
    this.worker.start();
  }

  /** A new attempt of a delivery now; null when one is already in flight. */
  resend(delivery: DeliveryRow): Promise<DeliveryRow | null> {
    return this.worker.resend(delivery);
  }

  /** Queues what was emitted so far, then stops the worker (attempts in flight are retried on the next start). */
  async close(): Promise<void> {
    this.unsubscribe();
    await this.enqueuer.flush();
    await this.worker.stop();
  }
}

export * as webhooksStore from "./store";
export { toDelivery, toWebhook } from "./views";
export { newWebhookSecret } from "./secret";
