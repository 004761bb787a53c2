import "server-only";
import { closeWhenIdle, type IdleWatch } from "./idle-close";

interface Closable<D> {
  db: D;
  close(): Promise<void>;
}

/**
 * A database handle that closes after `idleMs` with no query running and opens again on the next use: for a room
 * whose state lives in the database alone (the webhook inbox on PGlite), so the directory's WebAssembly Postgres
 * can go once every room has let go (docs/architecture.md "Memory"). Without `idleMs` it stays open until `close`.
 */
export class ReopeningDb<D> {
  private opened: Promise<Closable<D>> | null = null;
  private closing: Promise<void> | null = null;
  private active = 0;
  private watch: IdleWatch | null = null;
  private shut = false;

  private constructor(
    private readonly open: () => Promise<Closable<D>>,
    private readonly idleMs: number | null,
  ) {}

  /** Opens it now (an error surfaces here, as for a plain open). */
  static async open<D>(
    open: () => Promise<Closable<D>>,
    opts: { idleMs?: number | null } = {},
  ): Promise<ReopeningDb<D>> {
    const database = new ReopeningDb(open, opts.idleMs || null);
    await database.use(async () => {});
    return database;
  }

  /** Runs `work` with the database open; it stays open at least until `work` has settled. */
  async use<T>(work: (db: D) => Promise<T>): Promise<T> {
    this.active++;
    try {
      while (this.closing) await this.closing;
      if (this.shut) throw new Error("The database is closed.");
      const { db } = await (this.opened ??= this.openNow());
      return await work(db);
    } finally {
      this.active--;
      this.watch?.touch();
    }
  }

  /** Closes it for good (waits for a close under way). */
  async close(): Promise<void> {
    this.shut = true;
    await this.closeNow();
  }

  private openNow(): Promise<Closable<D>> {
    const opening = this.open();
    opening.then(
      () => {
        if (this.idleMs && this.opened === opening)
          this.watch = closeWhenIdle({
            idleMs: this.idleMs,
            inUse: () => this.active > 0,
            close: () => void this.closeNow(),
          });
      },
      () => {
        if (this.opened === opening) this.opened = null;
      },
    );
    return opening;
  }

  private closeNow(): Promise<void> {
    this.watch?.stop();
    this.watch = null;
    const opened = this.opened;
    this.opened = null;
    if (opened) {
      const closing: Promise<void> = opened
        .then((database) => database.close())
        .catch((error: unknown) =>
          console.warn(
            `[db] closing an idle database failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        )
        .finally(() => {
          if (this.closing === closing) this.closing = null;
        });
      this.closing = closing;
    }
    return this.closing ?? Promise.resolve();
  }
}
