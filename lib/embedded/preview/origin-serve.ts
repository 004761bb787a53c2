import "server-only";
import { PREVIEW_HANDOFF_PATH, PREVIEW_TOKEN_HEADER } from "@/lib/api/preview-origin";
import { type ChatRow, type Db } from "../store";
import * as chatsStore from "../chats/store";
import { mayRead } from "../chats/access";
import * as peopleStore from "../people/store";
import type { ShareLinks } from "../shares/links";
import * as filesStore from "../files/store";
import * as settingsStore from "../account/store";
import type { AppRuntime } from "../runtime/apps";
import { FORWARDED_HEADER } from "../runtime/forward";
import { CONTROL_PREFIX } from "../runtime/control";
import type { PreviewOrigin } from "./origin";
import type { PreviewAnswer } from "./pass";
import { contentTypeOf, decodeSegments, fileResponse } from "./serve";
import type { PreviewSubject, PreviewTokens, TokenCheck } from "./tokens";

const COOKIE = "atelier_preview";

interface PreviewOriginDeps {
  db: Db;
  tokens: PreviewTokens;
  origin: PreviewOrigin;
  /** Who may frame a preview besides the trusted preview hosts (settings): the dashboard's origin(s). */
  frameAncestors: readonly string[];
  /** The chats' running apps (APP_RUNTIME): a chat whose files are an app is run and passed through; null: files only. */
  apps: AppRuntime | null;
  /** Share links: a preview minted for one works while the link does. */
  shares: ShareLinks;
}

/**
 * Whether whom the token was minted for may still read the chat (issue 40): a person who may act and read it now,
 * or a share link that still opens it (not rotated, revoked or expired).
 */
async function subjectMayRead(deps: PreviewOriginDeps, subject: PreviewSubject, chat: ChatRow): Promise<boolean> {
  if (subject.startsWith("s:")) return deps.shares.stillOpen(deps.db, chat.id, subject.slice(2));
  const person = await peopleStore.personById(deps.db, subject.slice(2));
  if (!person || person.disabled || person.deletedAt) return false;
  return mayRead({ personId: person.id, role: person.role }, chat);
}

/**
 * The preview origin's sandboxing. The page lives on an origin of its own (no cookie, storage or API of the dashboard
 * is reachable from it), so the sandbox keeps `allow-same-origin`: the page keeps that origin instead of an opaque
 * one, which is what lets the browser send the preview's cookie with the page's own requests (root-relative
 * `/app.js` included) and lets the dashboard check the reporter's messages by origin. The dashboard's iframe sandbox
 * says the same (components/files/preview-url.ts). Scripts, forms, popups and dialogs are the app's own business.
 */
const SANDBOX = "sandbox allow-scripts allow-forms allow-modals allow-popups allow-same-origin";

function baseHeaders(frameAncestors: readonly string[]): Record<string, string> {
  return {
    "content-security-policy": `${SANDBOX}; frame-ancestors ${frameAncestors.join(" ") || "'none'"}`,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "private, no-cache",
    // What the dashboard's responses deny (lib/server/security-headers.ts), denied to the app opened in a tab of its own.
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()",
  };
}

const text = (status: number, body: string, extra: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { ...baseHeaders([]), "content-type": "text/plain; charset=utf-8", ...extra },
  });

/**
 * What the official client's `fetchPreview` reads on an answer: `1` asks the proxy that sent the request to drop the
 * preview it cached (and its token) and get a new one (GET /v2/chats/{chatId}/preview).
 */
const REFRESH_HEADER = "x-v0-preview-refresh";

/** 401; `refresh`: the token came in the header (an API client's proxy) and opens nothing any more: ask for a new one. */
const refused = (check: TokenCheck | null, refresh = false) =>
  text(
    401,
    check && !check.ok && check.reason === "expired"
      ? "This preview's token has expired: open the preview again from the dashboard, or ask for a new one."
      : "This preview needs a valid token: open it from the dashboard, or send the x-v0-preview-token header.",
    refresh ? { [REFRESH_HEADER]: "1" } : {},
  );

function cookieOf(header: string | null): string | null {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === COOKIE) return value.join("=");
  }
  return null;
}

/**
 * The cookie's attributes. On https, and on loopback names (which browsers treat as secure), it is `Secure;
 * SameSite=None; Partitioned`: the dashboard frames the preview from another site (`localhost` and
 * `*.localhost` are different sites), and a partitioned cookie is kept even where third-party cookies are blocked.
 * On plain http elsewhere only `SameSite=Lax` can be set: it reaches the frame when the dashboard is on the same
 * site (the same host on another port).
 */
function cookieAttributes(url: URL, maxAgeS: number): string {
  const loopback = /^(localhost|[^.]+\.localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname);
  const cross = url.protocol === "https:" || loopback ? "Secure; SameSite=None; Partitioned" : "SameSite=Lax";
  return `Path=/; HttpOnly; ${cross}; Max-Age=${Math.max(0, maxAgeS)}`;
}

/** Whether the token's chat may be served on the request's host (a per-chat host serves its own chat only). */
function hostAllows(deps: PreviewOriginDeps, host: ReturnType<PreviewOrigin["hostKind"]>, chatId: string): boolean {
  return typeof host === "string" || host.label === deps.origin.labelOf(chatId);
}

/** `path` of the handoff, when it is a path of this origin (no scheme, no `//host`, no backslash): else null. */
function sameOriginPath(raw: string | null, url: URL): string | null {
  const path = raw ?? "/";
  if (!/^\/(?![/\\])/.test(path) || /[\\\u0000-\u001f\u007f]/.test(path)) return null;
  const target = new URL(path, url.origin);
  return target.origin === url.origin ? `${target.pathname}${target.search}${target.hash}` : null;
}

/** The handoff: checks the token, sets the cookie for this host and sends the browser on to the path. */
function handoff(deps: PreviewOriginDeps, url: URL, host: ReturnType<PreviewOrigin["hostKind"]>): Response {
  const check = deps.tokens.verify(url.searchParams.get("token") ?? "");
  // Not on a preview host (an address): a cookie there would serve whoever reaches the address next.
  if (!check.ok || host === "other" || !hostAllows(deps, host, check.chatId)) return refused(check);
  const location = sameOriginPath(url.searchParams.get("path"), url);
  if (!location) return text(400, "The handoff's path must be a path on this origin (starting with one /).");
  const maxAgeS = Math.floor((check.expiresAt.getTime() - Date.now()) / 1000);
  return new Response(null, {
    status: 303,
    headers: {
      ...baseHeaders(deps.frameAncestors),
      "cache-control": "no-store",
      location,
      "set-cookie": `${COOKIE}=${url.searchParams.get("token")}; ${cookieAttributes(url, maxAgeS)}`,
    },
  });
}

/**
 * The preview origin (its own listener, preview/listener.ts): a chat's generated app at the root, for the
 * `x-v0-preview-token` header or the cookie the handoff set. No valid token → 401, nothing served; a token opens
 * its own chat only (and on a per-chat host only that host's chat). Traversal → 400 before anything is looked up.
 * A chat whose files are an app that runs (runtime/detect.ts) is answered by its running app (any method, WebSockets
 * too) or its state page; the others' files are served (GET and HEAD only).
 */
export async function servePreviewOrigin(deps: PreviewOriginDeps, req: Request): Promise<PreviewAnswer> {
  const method = req.method.toUpperCase();
  const readOnly = method === "GET" || method === "HEAD";
  const notAllowed = () => text(405, "Method not allowed", { allow: "GET, HEAD" });
  const url = new URL(req.url);
  // Another instance asking this one about an app it runs (Restart, Stop, its state): its signature is the credential.
  if (url.pathname.startsWith(CONTROL_PREFIX)) return deps.apps ? deps.apps.control(req) : text(404, "Not found");
  if (!readOnly && !deps.apps) return notAllowed();
  const host = deps.origin.hostKind(req.headers.get("host") ?? url.host);
  if (url.pathname === PREVIEW_HANDOFF_PATH) return readOnly ? handoff(deps, url, host) : notAllowed();
  const segments = decodeSegments(url.pathname.split("/").slice(1));
  if (!segments) return text(400, "Bad path");
  const header = req.headers.get(PREVIEW_TOKEN_HEADER);
  // The cookie counts on a preview host only: on a bare address it could belong to anything served there.
  const token = header ?? (host === "other" ? null : cookieOf(req.headers.get("cookie")));
  const check = token ? deps.tokens.verify(token) : null;
  if (!check?.ok || !hostAllows(deps, host, check.chatId)) return refused(check, header !== null && !check?.ok);
  // Forwarded by the instance a request reached to this one, which runs the chat's app: only with a valid signature.
  const forwarded = req.headers.get(FORWARDED_HEADER);
  if (forwarded !== null && !deps.apps?.verifyForward(forwarded, check.chatId, method, `${url.pathname}${url.search}`))
    return text(403, "This forwarded preview request is not signed by an instance of this service.");
  const chat = await chatsStore.findChat(deps.db, check.chatId);
  // A chat its token's person (or link) may no longer read is not there for them, as an unknown one.
  if (!chat || !(await subjectMayRead(deps, check.subject, chat))) return text(404, "Not found");
  if (deps.apps) {
    const hosts = await settingsStore.previewHosts(deps.db);
    const answer = await deps.apps.answer(
      check.chatId,
      req,
      baseHeaders([...deps.frameAncestors, ...hosts]),
      forwarded !== null,
    );
    if (answer) return answer;
  }
  if (!readOnly) return notAllowed();

  let path = segments.join("/");
  if (path === "" || path.endsWith("/")) path += "index.html";
  const file = await filesStore.findFile(deps.db, check.chatId, path);
  if (!file) return text(404, `${path} not found`);
  // Pages may also be framed by the trusted preview hosts (PUT /v2/settings/preview-hosts).
  const hosts = contentTypeOf(path).startsWith("text/html") ? await settingsStore.previewHosts(deps.db) : [];
  return fileResponse(method, path, file, baseHeaders([...deps.frameAncestors, ...hosts]));
}
