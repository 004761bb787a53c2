/**
 * Where the embedded service's previews are served (docs/configuration.md): PREVIEW_PORT, the port of their own
 * listener (default: the app's port + 1), and PREVIEW_ORIGIN, their public origin (default, when APP_URL is on a
 * loopback name or address: a host per chat under `localhost`). A `*` as the first label of PREVIEW_ORIGIN's host gives
 * every chat a host of its own. Whether the origin is isolated enough from the dashboard is preview-site.ts's rule
 * (checked at start). No "server-only" marker: proxy.ts reads it for the pages' `frame-src`.
 */
export interface PreviewOriginConfig {
  port: number;
  /** An origin, `*` as the first label of its host for a host per chat; never the dashboard's origin. */
  origin: string;
}

type Env = Record<string, string | undefined>;

const LOOPBACK = /^(localhost|[^.]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** Whether a host is a loopback name or address (APP_URL's, for the default preview origin). */
function isLoopbackAppHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/** How to set PREVIEW_ORIGIN, said by every refusal of it. */
export const PREVIEW_ORIGIN_HOWTO =
  "Set PREVIEW_ORIGIN to a wildcard host on a site of its own, another registrable domain than the dashboard's " +
  "(e.g. PREVIEW_ORIGIN=https://*.atelier-previews.net for APP_URL=https://atelier.example.com), with a wildcard DNS " +
  "record and certificate for it reaching PREVIEW_PORT (docs/embedded-service.md, Previews on their own origin).";

/** PREVIEW_PORT (default: the app's port + 1), whatever the origin: the ports the server itself listens on. */
export function previewPortFrom(env: Env): number {
  const rawPort = env.PREVIEW_PORT?.trim();
  const port = rawPort ? Number(rawPort) : Number(env.PORT || 3000) + 1;
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`PREVIEW_PORT must be a port number (got ${JSON.stringify(env.PREVIEW_PORT)})`);
  return port;
}

export function previewOriginFrom(env: Env): PreviewOriginConfig {
  const appUrl = new URL(env.APP_URL || `http://localhost:${env.PORT || 3000}`);
  const port = previewPortFrom(env);
  const raw = env.PREVIEW_ORIGIN?.trim().replace(/\/+$/, "");
  if (!raw) {
    if (isLoopbackAppHost(appUrl.hostname)) return { port, origin: `http://*.localhost:${port}` };
    // APP_URL's host on another port would share the dashboard's cookies (cookies ignore ports): no default here.
    throw new Error(
      `PREVIEW_ORIGIN is required when APP_URL (${appUrl.origin}) is not on loopback: previews run untrusted code and ` +
        `need a site of their own. ${PREVIEW_ORIGIN_HOWTO}`,
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(raw.replace(/^([a-z]+:\/\/)\*\./i, "$1x."));
  } catch {
    parsed = new URL("invalid:");
  }
  const wellFormed =
    (parsed.protocol === "http:" || parsed.protocol === "https:") &&
    parsed.origin === raw.toLowerCase().replace(/^([a-z]+:\/\/)\*\./, "$1x.") &&
    (!raw.includes("*") || /^[a-z]+:\/\/\*\.[^*]+$/i.test(raw));
  if (!wellFormed)
    throw new Error(
      `PREVIEW_ORIGIN must be an http(s) origin, optionally with * as the first label of its host (got ${JSON.stringify(env.PREVIEW_ORIGIN)})`,
    );
  if (parsed.origin === appUrl.origin && !raw.includes("*"))
    throw new Error(
      "PREVIEW_ORIGIN must not be the dashboard's origin (APP_URL): previews need an origin of their own",
    );
  return { port, origin: raw };
}
