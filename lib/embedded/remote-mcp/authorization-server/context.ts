import "server-only";
import type { Db } from "../../store";
import { fetchPublicDocument } from "../../outbound/public-fetch";

export interface RemoteMcpAuthOptions {
  db: Db;
  /** The service's {base_url} (the issuer); the protected resource is `{base_url}/mcp`. */
  publicBaseUrl: string;
  /** The dashboard's authorize page. */
  authorizeUrl: string;
  /** Access token lifetime in seconds; default 3600. */
  accessTokenTtlS?: number;
  /** Refresh token lifetime in seconds (each rotation starts a new one); default 30 days. */
  refreshTokenTtlS?: number;
  /** How client ID metadata documents are fetched (tests); default: public addresses only, 5 s, no redirects (public-fetch.ts). */
  fetchMetadataDocument?: (url: string) => Promise<Response>;
  now?: () => Date;
}

/** What every part of the authorization server works with: its database, its names, its lifetimes and its clock. */
export interface AuthServerContext {
  db: Db;
  issuer: string;
  /** `{base_url}/mcp`: the protected resource, the audience of every token. */
  resource: string;
  authorizeUrl: string;
  accessTtlS: number;
  refreshTtlS: number;
  now: () => Date;
  fetchDocument: (url: string) => Promise<Response>;
}

/** The largest request body (registration, token, revocation) and client metadata document read: 64 KB. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Client ID metadata documents come from URLs anyone can name: fetched only from public addresses. */
const defaultFetchDocument = (url: string) => fetchPublicDocument(url, { timeoutMs: 5000, maxBytes: MAX_BODY_BYTES });

export function createContext(opts: RemoteMcpAuthOptions): AuthServerContext {
  const issuer = opts.publicBaseUrl.replace(/\/+$/, "");
  return {
    db: opts.db,
    issuer,
    resource: `${issuer}/mcp`,
    authorizeUrl: opts.authorizeUrl,
    accessTtlS: Math.max(1, Math.floor(opts.accessTokenTtlS ?? 3600)),
    refreshTtlS: Math.max(60, Math.floor(opts.refreshTokenTtlS ?? 30 * 24 * 3600)),
    now: opts.now ?? (() => new Date()),
    fetchDocument: opts.fetchMetadataDocument ?? defaultFetchDocument,
  };
}

/** Whether `value` names this server's resource (a trailing slash allowed, never a fragment). */
export function isResource(ctx: AuthServerContext, value: string): boolean {
  try {
    const url = new URL(value);
    return !url.hash && url.href.replace(/\/+$/, "") === ctx.resource;
  } catch {
    return false;
  }
}
