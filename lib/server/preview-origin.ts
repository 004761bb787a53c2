/**
 * Where the embedded service's previews are served (docs/configuration.md): PREVIEW_PORT, the port of their own
 * listener (default: the app's port + 1), and PREVIEW_ORIGIN, their public origin (default: a host per chat under
 * `localhost` when APP_URL is on a loopback name or address, else APP_URL's host on PREVIEW_PORT). A `*` as the
 * first label of PREVIEW_ORIGIN's host gives every chat a host of its own. No "server-only" marker: proxy.ts reads
 * it for the pages' `frame-src`.
 */
export interface PreviewOriginConfig {
  port: number;
  /** An origin, `*` as the first label of its host for a host per chat; never the dashboard's origin. */
  origin: string;
}

type Env = Record<string, string | undefined>;

const LOOPBACK = /^(localhost|[^.]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/;

export function previewOriginFrom(env: Env): PreviewOriginConfig {
  const appUrl = new URL(env.APP_URL || `http://localhost:${env.PORT || 3000}`);
  const rawPort = env.PREVIEW_PORT?.trim();
  const port = rawPort ? Number(rawPort) : Number(env.PORT || 3000) + 1;
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`PREVIEW_PORT must be a port number (got ${JSON.stringify(env.PREVIEW_PORT)})`);
  const raw = env.PREVIEW_ORIGIN?.trim().replace(/\/+$/, "");
  if (!raw) {
    const host = LOOPBACK.test(appUrl.hostname) ? "*.localhost" : appUrl.hostname;
    return { port, origin: `${LOOPBACK.test(appUrl.hostname) ? "http:" : appUrl.protocol}//${host}:${port}` };
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
