import "server-only";
import type { PreviewListener } from "@/lib/embedded/preview/listener";
import { getConfig } from "@/lib/server/config";

/** The process's preview listener (Next may load this module more than once). */
const LISTENER = Symbol.for("atelier.previewListener");
const holder = globalThis as { [LISTENER]?: Promise<PreviewListener | null> };

/**
 * Starts the previews' own listener on PREVIEW_PORT (all interfaces, like `next start`), handing its requests to the
 * embedded service (started by the first one, as any request does). A port already taken is said at start and the
 * dashboard runs on without previews.
 */
export function startPreviewListener(): Promise<PreviewListener | null> {
  return (holder[LISTENER] ??= (async () => {
    const { preview } = getConfig();
    if (!preview) return null;
    const { listenForPreviews } = await import("@/lib/embedded/preview/listener");
    const { embeddedService } = await import("./embedded");
    try {
      const listener = await listenForPreviews({
        port: preview.port,
        handle: async (req) => (await embeddedService()).handlePreview(req),
      });
      console.log(`  Previews: ${preview.origin} (listening on port ${listener.port})`);
      return listener;
    } catch (error) {
      console.error(`  The preview listener could not listen on port ${preview.port} (PREVIEW_PORT):`, error);
      return null;
    }
  })());
}

/** Closes the preview listener if it was started (shutdown). */
export async function closePreviewListener(): Promise<void> {
  const listener = await holder[LISTENER];
  await listener?.close();
}
