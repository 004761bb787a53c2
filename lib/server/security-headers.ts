/**
 * The security headers of every response, built here and set by the root proxy.ts — pages get a
 * per-request nonce CSP, the API and the embedded service a CSP that allows nothing (JSON is never a document),
 * published sites and attachments keep their own sandboxing CSP (lib/embedded/preview/serve.ts, framed by the
 * dashboard only). No "server-only" marker: proxy.ts imports it.
 */
import { previewOriginFrom } from "./preview-origin";

interface SecurityEnv {
  /** The dashboard's public origin (APP_URL): https turns on Strict-Transport-Security. */
  appUrl: string;
  /** SERVICE_BASE_URL: an upstream service serves previews from its own hosts, which the dashboard frames. */
  serviceBaseUrl: string | null;
  /** `next dev` needs eval for its fast refresh. */
  dev: boolean;
  /** The embedded service's preview origin (PREVIEW_ORIGIN, a `*` host allowed), which the Preview tab frames. */
  previewOrigin: string | null;
}

export function securityEnvFrom(env: Record<string, string | undefined>): SecurityEnv {
  return {
    appUrl: (env.APP_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, ""),
    serviceBaseUrl: env.SERVICE_BASE_URL || null,
    dev: env.NODE_ENV === "development",
    previewOrigin: previewOriginOrNull(env),
  };
}

/** The preview origin, or null when the variables are malformed (the server refuses to start then, lib/server/config.ts). */
function previewOriginOrNull(env: Record<string, string | undefined>): string | null {
  try {
    return previewOriginFrom(env).origin;
  } catch {
    return null;
  }
}

type ResponseKind = "page" | "api" | "preview";

/**
 * Which policy a path gets: deployed sites and stored attachments (their own sandboxing CSP), JSON endpoints, or a
 * dashboard page. (Chats' previews are served by a listener of their own, on their own origin.)
 */
export function responseKindOf(pathname: string): ResponseKind {
  if (pathname.startsWith("/svc/hosting/") || pathname.startsWith("/svc/attachments/")) return "preview";
  if (pathname.startsWith("/api/") || pathname === "/api" || pathname.startsWith("/svc/") || pathname === "/svc")
    return "api";
  // The remote MCP endpoint's OAuth metadata at the origin (RFC 8414 / 9728 path-inserted forms): JSON.
  if (pathname.startsWith("/.well-known/")) return "api";
  return "page";
}

/** 128 random bits, base64: unpredictable per request. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The dashboard pages' policy. Scripts: only those carrying this request's nonce (Next puts it on its own
 * scripts; the theme script reads it from `x-nonce`), and what they load ('strict-dynamic': the chunks and the
 * highlighting worker's script). Styles: 'unsafe-inline', because React renders `style` attributes and sonner
 * injects its stylesheet at run time — neither can carry a nonce, and injected CSS cannot run script. Workers:
 * same origin (the shiki worker is a bundled file). Frames: same origin and APP_URL's, the embedded service's preview origin (PREVIEW_ORIGIN);
 * an upstream service's previews live on its own https hosts. Nothing may frame the dashboard.
 */
export function pageCsp(nonce: string, env: SecurityEnv): string {
  const https = env.appUrl.startsWith("https://");
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${env.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // https: images attached to prompts by URL, and an upstream service's stored attachments, on their own hosts.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${env.dev ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    `frame-src 'self' ${originOf(env.appUrl)}${env.previewOrigin ? ` ${env.previewOrigin}` : ""}${env.serviceBaseUrl ? " https:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** The origin of APP_URL (the embedded service's preview links are built from it). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "'self'";
  }
}

/** JSON and event streams: nothing to load, nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "display-capture=()",
].join(", ");

/**
 * The response headers for one request. The preview answers its own CSP (sandbox + frame-ancestors 'self'),
 * nosniff and no-referrer; everything else gets them here. HSTS only when the dashboard is served over https.
 */
export function securityHeaders(kind: ResponseKind, env: SecurityEnv, nonce?: string): Record<string, string> {
  const headers: Record<string, string> = { "permissions-policy": PERMISSIONS_POLICY };
  if (env.appUrl.startsWith("https://")) headers["strict-transport-security"] = "max-age=63072000; includeSubDomains";
  if (kind === "preview") return headers;
  headers["x-content-type-options"] = "nosniff";
  headers["referrer-policy"] = "strict-origin-when-cross-origin";
  headers["x-frame-options"] = "DENY";
  headers["content-security-policy"] = kind === "page" ? pageCsp(nonce ?? newNonce(), env) : API_CSP;
  return headers;
}

/** The request header that carries the page's nonce to server components (the theme script). */
export const NONCE_HEADER = "x-nonce";
