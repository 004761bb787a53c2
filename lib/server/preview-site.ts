import "server-only";
import { getDomain } from "tldts";
import { PREVIEW_ORIGIN_HOWTO, type PreviewOriginConfig } from "./preview-origin";

/**
 * The site of a host: its registrable domain by the Public Suffix List (tldts, its private section included, so
 * `me.github.io` and `you.github.io` are two sites, as browsers take them for cookies), or the host itself when it
 * has none (an IP address, `localhost`, a name under an unlisted top-level label: `previews.lan` for `p1.previews.lan`).
 */
function siteOf(host: string): string {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return getDomain(bare, { allowPrivateDomains: true }) ?? bare;
}

/**
 * Refuses, at start, a preview origin that would let a chat's preview reach what it must not:
 * - a host shared by every chat (no `*`): one chat's service worker, registered on that origin, would answer (and
 *   read) every other chat's previews opened in the same browser;
 * - a host on the dashboard's site (its host on another port, or any host sharing its registrable domain, such as
 *   `*.example.com` or `*.preview.example.com` for `app.example.com`): the preview would share the dashboard's
 *   cookies (cookies ignore ports; a subdomain may set them for the whole domain) and be same-site with it.
 * The loopback default (APP_URL on a loopback name or address, previews on `*.localhost`) passes: every chat has a
 * host, and `p….localhost` is a site of its own, not `localhost`'s nor `127.0.0.1`'s (the residual: a page may set a
 * cookie for all of `localhost`; docs/embedded-service.md).
 */
export function assertPreviewIsolated(appUrl: string, preview: PreviewOriginConfig): void {
  const app = new URL(appUrl);
  const star = /^([a-z]+:\/\/)\*\.(.+)$/i.exec(preview.origin);
  if (!star)
    throw new Error(
      `PREVIEW_ORIGIN ${preview.origin} is one host for every chat: one chat's service worker could read another's ` +
        `previews. ${PREVIEW_ORIGIN_HOWTO}`,
    );
  const base = new URL(`${star[1]}${star[2]}`).hostname;
  if (siteOf(`p0.${base}`) === siteOf(app.hostname))
    throw new Error(
      `PREVIEW_ORIGIN ${preview.origin} is on the dashboard's own site (${siteOf(app.hostname)}, APP_URL ${app.origin}): ` +
        `previews would share its cookies. ${PREVIEW_ORIGIN_HOWTO}`,
    );
}
