import "server-only";
import { closeWhenIdle } from "@/lib/db/idle-close";
import { createEmbeddedService, type EmbeddedOptions, type EmbeddedService } from "./service";
import { openPeopleDirectory, type PeopleStoreOptions } from "./people/standalone";
import type { PeopleDirectory } from "./people/types";

export type { EmbeddedService, RemoteMcpAuthorization } from "./service";

const KEY = Symbol.for("atelier.embeddedService");
type Holder = { [KEY]?: Promise<EmbeddedService> };

export interface ProcessServiceOptions extends EmbeddedOptions {
  /**
   * Closes the service after this long with nothing in use (EmbeddedService.inUse: no request, generation or webhook
   * delivery under way or pending), which closes its PGlite database when the webhook inbox is not using it either;
   * the next request starts it again (docs/architecture.md "Memory"). None or 0: it stays open.
   */
  idleCloseMs?: number | null;
}

/**
 * The process's one embedded service (PGlite cannot open a data directory twice). The first call's options
 * win; the promise lives on globalThis so it survives module reloads in development. A failed start is
 * forgotten so the next call tries again, and so is a closed service once its close has finished.
 *
 * Closed for being idle, the service hands what still reaches it (a caller holding it) to the next one, started once
 * its close has finished: an idle close is never seen from outside, unlike `close()` (503 while and after it closes).
 */
export function getEmbeddedService(opts: ProcessServiceOptions): Promise<EmbeddedService> {
  const holder = globalThis as Holder;
  let service = holder[KEY];
  if (!service) {
    const created = createEmbeddedService(opts).then((started) => {
      let idleClose: Promise<void> | null = null;
      const current = async (): Promise<EmbeddedService> => {
        if (!idleClose) return started;
        await idleClose;
        return getEmbeddedService(opts);
      };
      const close = async (closeOpts?: { graceMs?: number }) => {
        watch?.stop();
        try {
          await started.close(closeOpts);
        } finally {
          if (holder[KEY] === created) delete holder[KEY];
        }
      };
      const watch = opts.idleCloseMs
        ? closeWhenIdle({
            idleMs: opts.idleCloseMs,
            inUse: () => started.inUse(),
            close: () => {
              idleClose = close().catch((error: unknown) =>
                console.error("[embedded] closing the idle service failed", error),
              );
            },
          })
        : null;
      const wrapped: EmbeddedService = {
        handle: async (req) => (await current()).handle(req),
        handlePreview: async (req) => (await current()).handlePreview(req),
        people: {
          firstAdmin: async () => (await current()).people.firstAdmin(),
          verifyPassword: async (email, password) => (await current()).people.verifyPassword(email, password),
          person: async (id) => (await current()).people.person(id),
          signInWithOidc: async (claims) => (await current()).people.signInWithOidc(claims),
          invitation: async (token) => (await current()).people.invitation(token),
          acceptInvitation: async (token, input) => (await current()).people.acceptInvitation(token, input),
          setPassword: async (personId, password) => (await current()).people.setPassword(personId, password),
          recordAudit: async (entry) => (await current()).people.recordAudit(entry),
        },
        remoteMcp: {
          checkAuthorization: async (params) => (await current()).remoteMcp.checkAuthorization(params),
          decide: async (params, approve, subject) => (await current()).remoteMcp.decide(params, approve, subject),
          connectedClients: async () => (await current()).remoteMcp.connectedClients(),
          revokeClient: async (clientId) => (await current()).remoteMcp.revokeClient(clientId),
        },
        inUse: () => !idleClose && started.inUse(),
        // Closed for being idle on purpose, it was healthy: a health check never opens the database again.
        healthy: async () => (idleClose ? true : started.healthy()),
        // Forgotten once closed, not before: while it drains, requests reach it (503), not a fresh service that
        // would take the database beside it and close the answers still running as interrupted.
        close: async (closeOpts) => {
          if (idleClose) return idleClose;
          await close(closeOpts);
        },
      };
      return wrapped;
    });
    service = created;
    holder[KEY] = service;
    service.catch(() => {
      if (holder[KEY] === created) delete holder[KEY];
    });
  }
  return service;
}

/** The process's embedded service if it is started (or starting), without starting it. */
export function startedEmbeddedService(): Promise<EmbeddedService> | null {
  return (globalThis as Holder)[KEY] ?? null;
}

const PEOPLE_KEY = Symbol.for("atelier.peopleDirectory");
type PeopleHolder = { [PEOPLE_KEY]?: Promise<PeopleDirectory> };

/**
 * The process's people directory when the embedded service is NOT served here (SERVICE_BASE_URL set): the embedded
 * service's database opened for its people alone (docs/people.md). With the service served in-process use its
 * `people` instead (the same store, the same rules). The first call's options win; a failed open is forgotten.
 */
export function getPeopleDirectory(opts: PeopleStoreOptions): Promise<PeopleDirectory> {
  const holder = globalThis as PeopleHolder;
  let directory = holder[PEOPLE_KEY];
  if (!directory) {
    const opening = openPeopleDirectory(opts).then((opened) => opened.directory);
    directory = opening;
    holder[PEOPLE_KEY] = opening;
    opening.catch(() => {
      if (holder[PEOPLE_KEY] === opening) delete holder[PEOPLE_KEY];
    });
  }
  return directory;
}
