import "server-only";
import path from "node:path";
import { ReopeningDb } from "@/lib/db/reopening";
import { openDatabase, type Db } from "../store";
import { AuditLog } from "./audit";
import type { PeopleContext } from "./context";
import { peopleDirectory } from "./directory";
import { ensureFirstAdmin, FIRST_ADMIN_DEFAULT_NAME } from "./members";
import type { PeopleDirectory } from "./types";

export interface PeopleStoreOptions {
  /** The data directory: PGlite lives in `<dataDir>/pglite` (as the embedded service's). */
  dataDir: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string | null;
  /** Where the embedded service's migrations are; default `<cwd>/drizzle`. */
  migrationsFolder?: string;
  /** The first admin's name (DASHBOARD_USERNAME). */
  firstAdminName?: string;
  /** Where an invitation opens (`<APP_URL>/invite/<token>`). */
  invitationUrl: (token: string) => string;
  /** AUDIT_LOG_RETENTION_DAYS; default 90. */
  auditLogRetentionDays?: number;
  /** PGlite: close the database after this long unused, open it again on the next call; none: stays open. */
  idleCloseMs?: number | null;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * The people directory on its own, for a dashboard whose service is elsewhere (SERVICE_BASE_URL set): the embedded
 * service's database (its migrations applied, the first admin ensured) without serving `/svc`: no router, agent or
 * webhook worker. On PGlite the database closes when idle and opens again on the next call (lib/db/reopening.ts).
 */
export async function openPeopleDirectory(
  opts: PeopleStoreOptions,
): Promise<{ directory: PeopleDirectory; close(): Promise<void> }> {
  const now = opts.now ?? (() => new Date());
  const contexts = new WeakMap<Db, PeopleContext>();
  const contextOf = (db: Db): PeopleContext => {
    let ctx = contexts.get(db);
    if (!ctx) {
      ctx = {
        db,
        now,
        audit: new AuditLog({ db, now, retentionDays: opts.auditLogRetentionDays ?? 90 }),
        invitationUrl: opts.invitationUrl,
      };
      contexts.set(db, ctx);
    }
    return ctx;
  };
  const database = await ReopeningDb.open(
    async () => {
      const opened = await openDatabase({
        dataDir: opts.databaseUrl ? "unused" : `${opts.dataDir.replace(/\/+$/, "")}/pglite`,
        databaseUrl: opts.databaseUrl,
        migrationsFolder: opts.migrationsFolder ?? path.join(process.cwd(), "drizzle"),
      });
      await ensureFirstAdmin(contextOf(opened.db), opts.firstAdminName || FIRST_ADMIN_DEFAULT_NAME);
      return opened;
    },
    { idleMs: opts.databaseUrl ? null : opts.idleCloseMs },
  );
  const on = <T>(work: (directory: PeopleDirectory) => Promise<T>) =>
    database.use((db) => work(peopleDirectory(contextOf(db))));
  return {
    directory: {
      firstAdmin: () => on((d) => d.firstAdmin()),
      verifyPassword: (email, password) => on((d) => d.verifyPassword(email, password)),
      person: (id) => on((d) => d.person(id)),
      signInWithOidc: (claims) => on((d) => d.signInWithOidc(claims)),
      invitation: (token) => on((d) => d.invitation(token)),
      acceptInvitation: (token, input) => on((d) => d.acceptInvitation(token, input)),
      setPassword: (personId, password) => on((d) => d.setPassword(personId, password)),
      recordAudit: (entry) => on((d) => d.recordAudit(entry)),
    },
    close: () => database.close(),
  };
}
