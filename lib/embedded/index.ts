import "server-only";
import { createEmbeddedService, type EmbeddedOptions, type EmbeddedService } from "./service";

export type { EmbeddedService, RemoteMcpAuthorization } from "./service";

const KEY = Symbol.for("atelier.embeddedService");
type Holder = { [KEY]?: Promise<EmbeddedService> };

/**
 * The process's one embedded service (PGlite cannot open a data directory twice). The first call's options
 * win; the promise lives on globalThis so it survives module reloads in development. A failed start is
 * forgotten so the next call tries again, and so is a closed service once its close has finished.
 */
export function getEmbeddedService(opts: EmbeddedOptions): Promise<EmbeddedService> {
  const holder = globalThis as Holder;
  let service = holder[KEY];
  if (!service) {
    service = createEmbeddedService(opts).then((created) => {
      const close = created.close.bind(created);
      return {
        handle: created.handle,
        healthy: created.healthy,
        remoteMcp: created.remoteMcp,
        // Forgotten once closed, not before: while it drains, requests reach it (503), not a fresh service that
        // would take the database beside it and close the answers still running as interrupted.
        close: async (closeOpts) => {
          try {
            await close(closeOpts);
          } finally {
            if (holder[KEY] === service) delete holder[KEY];
          }
        },
      };
    });
    holder[KEY] = service;
    service.catch(() => {
      if (holder[KEY] === service) delete holder[KEY];
    });
  }
  return service;
}
