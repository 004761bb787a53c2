import "server-only";
import { and, desc, eq, lte } from "drizzle-orm";
import type { Db } from "../store";
import { mcpConnectionLog, type McpConnectionLogRow } from "./schema";

/**
 * The connection log of an MCP server (GET /v2/mcp-servers/{id}/log): what the service did to reach it and how it
 * went. Entries are written with their secrets already removed: every secret the server has (its bearer token,
 * custom header values, client secret, access and refresh tokens) and anything shaped like a credential
 * (`Bearer …`, `access_token=…`, a JSON `"refresh_token": "…"`) becomes `[redacted]`. The last LOG_LIMIT entries
 * per server are kept.
 */

const LOG_LIMIT = 100;
const REDACTED = "[redacted]";
const MAX_DETAIL = 1000;

/** One step: `step` names it (initialize, token-exchange, refresh, tools/call, …); `detail` says what happened. */
export interface LogStep {
  step: string;
  ok: boolean;
  detail: string;
  durationMs?: number;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const CREDENTIAL_SHAPES: RegExp[] = [
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi,
  /\b(access_token|refresh_token|id_token|client_secret|code_verifier|code|token|password)=[^&\s"']+/gi,
  /"(access_token|refresh_token|id_token|client_secret|code_verifier|token|password)"\s*:\s*"[^"]*"/gi,
];

/** `text` with every given secret and every credential-shaped fragment replaced by `[redacted]`. */
function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so a secret containing another is removed whole. Very short values would redact ordinary words.
  for (const secret of [...new Set(secrets)].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(escape(secret), "g"), REDACTED);
  }
  out = out.replace(CREDENTIAL_SHAPES[0]!, (_m, scheme: string) => `${scheme} ${REDACTED}`);
  out = out.replace(CREDENTIAL_SHAPES[1]!, (_m, name: string) => `${name}=${REDACTED}`);
  out = out.replace(CREDENTIAL_SHAPES[2]!, (_m, name: string) => `"${name}": "${REDACTED}"`);
  return out;
}

/** Stores one step (redacted) and drops the server's entries beyond the last LOG_LIMIT. */
export async function appendLog(
  db: Db,
  serverId: string,
  entry: LogStep,
  secrets: readonly string[],
  at: Date,
): Promise<void> {
  await db.insert(mcpConnectionLog).values({
    serverId,
    at,
    step: redact(entry.step, secrets).slice(0, 100),
    ok: entry.ok,
    detail: redact(entry.detail, secrets).slice(0, MAX_DETAIL),
    durationMs: entry.durationMs === undefined ? null : Math.max(0, Math.round(entry.durationMs)),
  });
  const [cutoff] = await db
    .select({ seq: mcpConnectionLog.seq })
    .from(mcpConnectionLog)
    .where(eq(mcpConnectionLog.serverId, serverId))
    .orderBy(desc(mcpConnectionLog.seq))
    .offset(LOG_LIMIT)
    .limit(1);
  if (cutoff)
    await db
      .delete(mcpConnectionLog)
      .where(and(eq(mcpConnectionLog.serverId, serverId), lte(mcpConnectionLog.seq, cutoff.seq)));
}

/** The server's last LOG_LIMIT entries, oldest first. */
export async function readLog(db: Db, serverId: string): Promise<McpConnectionLogRow[]> {
  const rows = await db
    .select()
    .from(mcpConnectionLog)
    .where(eq(mcpConnectionLog.serverId, serverId))
    .orderBy(desc(mcpConnectionLog.seq))
    .limit(LOG_LIMIT);
  return rows.reverse();
}
