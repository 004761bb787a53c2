import "server-only";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { openDb } from "@/lib/db/open";
import { ReopeningDb } from "@/lib/db/reopening";
import * as schema from "../schema";
import { seal, unseal } from "./seal";

type DashboardDb = PgDatabase<PgQueryResultHKT, typeof schema>;
const table = schema.upstreamKeys;

/** What Settings → Account may show of a stored key: never the key. */
interface UpstreamKeyInfo {
  hint: string;
  updatedAt: string;
}

const bindingOf = (personId: string, baseUrl: string) => `${personId}\n${baseUrl}`;

/**
 * People's own API keys for the remote deployment (schema.ts `dashboard_upstream_keys`), sealed with a key derived from
 * AUTH_SECRET. Read by the proxy at each request of a person; only for the deployment they were stored for.
 */
export class UpstreamKeyStore {
  private constructor(
    private readonly database: ReopeningDb<DashboardDb>,
    private readonly secret: string,
  ) {}

  static async open(opts: {
    dataDir: string;
    databaseUrl: string | null;
    secret: string;
    idleCloseMs?: number | null;
    migrationsFolder?: string;
  }): Promise<UpstreamKeyStore> {
    const database = await ReopeningDb.open(
      () =>
        openDb({
          dataDir: opts.dataDir,
          databaseUrl: opts.databaseUrl,
          schema,
          migrationsFolder: opts.migrationsFolder ?? path.join(process.cwd(), "drizzle-dashboard"),
          migrationsTable: "__drizzle_migrations_dashboard",
          poolSize: 2,
        }),
      { idleMs: opts.databaseUrl ? null : opts.idleCloseMs },
    );
    return new UpstreamKeyStore(database, opts.secret);
  }

  close(): Promise<void> {
    return this.database.close();
  }

  private async row(personId: string, baseUrl: string) {
    const [row] = await this.database.use((db) => db.select().from(table).where(eq(table.personId, personId)));
    return row && row.baseUrl === baseUrl ? row : null;
  }

  /** The person's key for this deployment; null when none is stored (or it no longer opens). */
  async key(personId: string, baseUrl: string): Promise<string | null> {
    const row = await this.row(personId, baseUrl);
    return row ? unseal(this.secret, row.sealed, bindingOf(personId, baseUrl)) : null;
  }

  async info(personId: string, baseUrl: string): Promise<UpstreamKeyInfo | null> {
    const row = await this.row(personId, baseUrl);
    if (!row || unseal(this.secret, row.sealed, bindingOf(personId, baseUrl)) === null) return null;
    return { hint: row.hint, updatedAt: row.updatedAt.toISOString() };
  }

  /** Stores (or replaces) the person's key for this deployment. */
  async save(personId: string, baseUrl: string, key: string, now = new Date()): Promise<UpstreamKeyInfo> {
    const values = {
      personId,
      baseUrl,
      sealed: seal(this.secret, key, bindingOf(personId, baseUrl)),
      hint: key.slice(-4),
      updatedAt: now,
    };
    await this.database.use((db) =>
      db.insert(table).values(values).onConflictDoUpdate({ target: table.personId, set: values }),
    );
    return { hint: values.hint, updatedAt: now.toISOString() };
  }

  async remove(personId: string): Promise<boolean> {
    const deleted = await this.database.use((db) =>
      db.delete(table).where(eq(table.personId, personId)).returning({ personId: table.personId }),
    );
    return deleted.length > 0;
  }
}
