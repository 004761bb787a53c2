import "server-only";
import type { AuditEntry } from "@/lib/api";
import { newId } from "../ids";
import type { Db } from "../store/db";
import type { AuditRow } from "./schema";
import * as store from "./store";
import type { AuditInput } from "./types";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Pruning runs at most this often while entries are written (and before every read). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Detail keys whose values are never written, whatever a caller passes (a last guard: callers pass none). */
const SECRET_KEYS = /(^|_|-)(key|secret|token|password|passwordhash|hash|authorization)$/i;

/** The audit log (docs/people.md): entries written in the change's transaction, pruned after the retention period. */
export class AuditLog {
  private lastPrune = -Infinity;

  constructor(private readonly opts: { db: Db; now: () => Date; retentionDays: number }) {}

  /** The oldest time still kept. */
  private since(): Date {
    return new Date(this.opts.now().getTime() - this.opts.retentionDays * DAY_MS);
  }

  /**
   * Records an entry, in `tx` (the change's transaction) or on its own. On its own it also prunes, at most hourly (a
   * transaction's entry does not: on PGlite a query beside an open transaction would wait for it). Reads prune too,
   * and never show an entry past the retention period.
   */
  async record(entry: AuditInput, tx?: Db): Promise<void> {
    const db = tx ?? this.opts.db;
    const at = this.opts.now();
    await store.insertAudit(db, {
      id: newId("aud"),
      at,
      actor: entry.actor,
      action: entry.action,
      target: entry.target ?? null,
      detail: withoutSecrets(entry.detail ?? {}),
    });
    if (!tx && at.getTime() - this.lastPrune >= PRUNE_EVERY_MS) await this.prune();
  }

  /** Deletes the entries past the retention period; how many. */
  async prune(): Promise<number> {
    this.lastPrune = this.opts.now().getTime();
    return store.pruneAudit(this.opts.db, this.since());
  }

  /** One page, newest first. */
  async page(opts: store.AuditFilter & { limit: number; beforeSeq?: number }): Promise<AuditRow[]> {
    await this.prune();
    return store.auditPage(this.opts.db, { ...opts, since: this.since() });
  }

  /** Every entry kept, newest first, in pages of up to 500 (the JSON lines export). */
  async *pages(filter: store.AuditFilter): AsyncGenerator<AuditRow[]> {
    const size = 500;
    let beforeSeq: number | undefined;
    for (;;) {
      const rows = await this.page({ ...filter, limit: size, beforeSeq });
      if (rows.length > 0) yield rows.slice(0, size);
      if (rows.length <= size) return;
      beforeSeq = rows[size - 1]!.seq;
    }
  }
}

function withoutSecrets(detail: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(detail).filter(([key]) => !SECRET_KEYS.test(key)));
}

/** The wire entry of a row, with its actor's name. */
export function auditEntryView(row: AuditRow, names: Map<string, string>): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    actorName: row.actor === null ? null : (names.get(row.actor) ?? null),
    action: row.action,
    target: row.target,
    detail: row.detail,
  };
}
