import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Inbox, InboxDelivery } from "@/lib/api";
import { ReopeningDb } from "@/lib/db/reopening";
import { openInboxDb, type InboxAnnouncer, type InboxDb, type InboxDbOptions } from "./db";
import { inboxDeliveries, inboxes, type InboxDeliveryRow, type InboxRow } from "./schema";
import { InboxSecretKey, openInboxSecret, sealInboxSecret, sealPlainInboxSecrets } from "./sealed-secret";

interface NewInboxDelivery {
  deliveryId: string;
  type: string;
  chatId: string | null;
  payload: unknown;
  verified: boolean;
  receivedAt: Date;
}

/** The inbox's queries; `appUrl` makes each inbox's receiver URL. */
export class InboxStore {
  /** Who is watching which inbox in this process (the inbox page's event stream). */
  private readonly watchers = new Map<string, Set<(seq: number) => void>>();
  /** On PostgreSQL: announces to every process sharing the database (this one hears it back). */
  private announcer: InboxAnnouncer | null = null;

  constructor(
    private readonly database: ReopeningDb<InboxDb>,
    private readonly appUrl: string,
    private readonly key: InboxSecretKey,
  ) {}

  /**
   * `idleCloseMs` (PGlite only): the database closes after this long with no query running and opens again on the
   * next (a watcher needs none: on PGlite deliveries are announced by this object, not by the database).
   * `secretKey`: the dashboard's AUTH_SECRET, the material of the key inbox secrets are sealed with (sealed-secret.ts).
   */
  static async open(
    opts: InboxDbOptions & { appUrl: string; secretKey: string; idleCloseMs?: number | null },
  ): Promise<InboxStore> {
    let store: InboxStore | null = null;
    let announcer: InboxAnnouncer | null = null;
    const key = new InboxSecretKey(opts.secretKey);
    const database = await ReopeningDb.open(
      async () => {
        const opened = await openInboxDb(opts, (inboxId, seq) => store?.tell(inboxId, seq));
        announcer = opened.announcer;
        // Secrets an earlier version stored in clear are sealed now (idempotent; cheap when there are none).
        await sealPlainInboxSecrets(opened.db, key);
        return opened;
      },
      { idleMs: opts.databaseUrl ? null : opts.idleCloseMs },
    );
    store = new InboxStore(database, opts.appUrl.replace(/\/+$/, ""), key);
    store.announcer = announcer;
    return store;
  }

  close(): Promise<void> {
    return this.database.close();
  }

  private tell(inboxId: string, seq: number): void {
    for (const fn of this.watchers.get(inboxId) ?? []) fn(seq);
  }

  urlOf(id: string): string {
    return `${this.appUrl}/api/inbox/${id}`;
  }

  toInbox(row: InboxRow): Inbox {
    return {
      id: row.id,
      name: row.name,
      url: this.urlOf(row.id),
      webhookId: row.webhookId,
      hasSecret: row.secret !== null,
      unsigned: row.unsigned,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async create(name: string): Promise<InboxRow> {
    const [row] = await this.database.use((db) =>
      db
        .insert(inboxes)
        .values({
          id: `inbox_${randomBytes(12).toString("base64url")}`,
          name,
          secret: null,
          webhookId: null,
          createdAt: new Date(),
        })
        .returning(),
    );
    return row!;
  }

  async find(id: string): Promise<InboxRow | null> {
    const [row] = await this.database.use((db) => db.select().from(inboxes).where(eq(inboxes.id, id)).limit(1));
    return row ?? null;
  }

  /** Newest first. */
  async list(): Promise<InboxRow[]> {
    return this.database.use((db) => db.select().from(inboxes).orderBy(desc(inboxes.seq)));
  }

  /**
   * Attaches the webhook's signing secret (sealed at rest: sealed-secret.ts), or (null) marks the inbox as receiving
   * unsigned deliveries.
   */
  async setSecret(id: string, secret: string | null, webhookId?: string): Promise<InboxRow | null> {
    const sealed = secret === null ? null : sealInboxSecret(this.key, id, secret);
    const [row] = await this.database.use((db) =>
      db
        .update(inboxes)
        .set({ secret: sealed, unsigned: secret === null, ...(webhookId !== undefined ? { webhookId } : {}) })
        .where(eq(inboxes.id, id))
        .returning(),
    );
    return row ?? null;
  }

  /** The inbox's signing secret in clear: null when it has none, undefined when it cannot be read (AUTH_SECRET changed). */
  signingSecret(row: InboxRow): string | null | undefined {
    if (row.secret === null) return null;
    return openInboxSecret(this.key, row.id, row.secret) ?? undefined;
  }

  async remove(id: string): Promise<boolean> {
    const rows = await this.database.use((db) =>
      db.delete(inboxes).where(eq(inboxes.id, id)).returning({ id: inboxes.id }),
    );
    return rows.length > 0;
  }

  /** Stores a delivery unless this inbox already has one with the same `webhook-id`; true when stored. */
  async addDelivery(inboxId: string, d: NewInboxDelivery): Promise<boolean> {
    const rows = await this.database.use((db) =>
      db
        .insert(inboxDeliveries)
        .values({ inboxId, ...d })
        .onConflictDoNothing({ target: [inboxDeliveries.inboxId, inboxDeliveries.deliveryId] })
        .returning({ seq: inboxDeliveries.seq }),
    );
    const seq = rows[0]?.seq;
    if (seq === undefined) return false;
    if (!this.announcer) this.tell(inboxId, seq);
    else
      await this.announcer
        .announce(inboxId, seq)
        .catch((error: Error) => console.warn(`[inbox] announcing failed: ${error.message}`));
    return true;
  }

  /**
   * Calls `fn` with the seq of every delivery stored for the inbox from now on (by this process, and on PostgreSQL
   * by any process sharing the database); returns the stop.
   */
  watch(inboxId: string, fn: (seq: number) => void): () => void {
    let set = this.watchers.get(inboxId);
    if (!set) this.watchers.set(inboxId, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (!set.size) this.watchers.delete(inboxId);
    };
  }

  /** Newest first; with `after`, only deliveries stored after that `seq` (for polling). */
  async deliveries(inboxId: string, opts: { after?: number; limit?: number } = {}): Promise<InboxDeliveryRow[]> {
    return this.database.use((db) =>
      db
        .select()
        .from(inboxDeliveries)
        .where(
          and(
            eq(inboxDeliveries.inboxId, inboxId),
            opts.after === undefined ? undefined : gt(inboxDeliveries.seq, opts.after),
          ),
        )
        .orderBy(desc(inboxDeliveries.seq))
        .limit(opts.limit ?? 100),
    );
  }
}

export function toInboxDelivery(row: InboxDeliveryRow): InboxDelivery {
  return {
    seq: row.seq,
    inboxId: row.inboxId,
    deliveryId: row.deliveryId,
    type: row.type,
    chatId: row.chatId,
    payload: row.payload,
    verified: row.verified,
    receivedAt: row.receivedAt.toISOString(),
  };
}
