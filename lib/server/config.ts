import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The dashboard's configuration (docs/wire-decisions.md, Configuration). Secrets not given are generated once into DATA_DIR. */
export interface AppConfig {
  /** Upstream {base_url}; null = the embedded service. */
  serviceBaseUrl: string | null;
  /** Key sent upstream; the embedded service accepts it too. Never leaves the server. */
  serviceApiKey: string;
  databaseUrl: string | null;
  dataDir: string;
  authSecret: string;
  dashboardUsername: string;
  dashboardPassword: string;
  /** Whether the password was generated (and so should be printed at start). */
  passwordGenerated: boolean;
  /** The dashboard's public origin, no trailing slash. */
  appUrl: string;
  /** Pace of the scripted agent's streaming, in ms per step. */
  agentDelayMs: number;
  /** The dashboard talks to the embedded service (no SERVICE_BASE_URL). */
  embedded: boolean;
  /**
   * The embedded service answers at {origin}/svc: when the dashboard uses it, or with EMBEDDED_SERVICE=on next to a
   * SERVICE_BASE_URL (tests put a translating peer between the dashboard and this process's own service).
   */
  serveEmbedded: boolean;
  /** The embedded service's key for encrypting MCP secrets at rest (EMBEDDED_SECRET_KEY, else generated once). */
  embeddedSecretKey: string;
  /** Lifetime of an MCP authorization URL (EMBEDDED_OAUTH_STATE_TTL_MS; default 5 minutes, the spec's value). */
  oauthStateTtlMs: number;
}

type Env = Record<string, string | undefined>;

interface Secrets {
  serviceApiKey?: string;
  authSecret?: string;
  dashboardPassword?: string;
  embeddedSecretKey?: string;
}

function loadSecrets(dataDir: string, env: Env): Secrets {
  const file = path.join(/*turbopackIgnore: true*/ dataDir, "secrets.json");
  let secrets: Secrets = {};
  if (existsSync(file)) secrets = JSON.parse(readFileSync(file, "utf8")) as Secrets;
  let changed = false;
  if (!env.SERVICE_API_KEY && !env.SERVICE_BASE_URL && !secrets.serviceApiKey) {
    secrets.serviceApiKey = `sk_emb_${randomBytes(24).toString("base64url")}`;
    changed = true;
  }
  if (!env.AUTH_SECRET && !secrets.authSecret) {
    secrets.authSecret = randomBytes(32).toString("base64url");
    changed = true;
  }
  if (
    !env.EMBEDDED_SECRET_KEY &&
    (!env.SERVICE_BASE_URL || env.EMBEDDED_SERVICE === "on") &&
    !secrets.embeddedSecretKey
  ) {
    secrets.embeddedSecretKey = randomBytes(32).toString("base64url");
    changed = true;
  }
  if (!env.DASHBOARD_PASSWORD && !secrets.dashboardPassword) {
    secrets.dashboardPassword = randomBytes(12).toString("base64url");
    changed = true;
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return secrets;
}

export function readConfig(env: Env = process.env): AppConfig {
  const dataDir = path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR || ".data");
  const serviceBaseUrl = env.SERVICE_BASE_URL ? env.SERVICE_BASE_URL.replace(/\/+$/, "") : null;
  if (serviceBaseUrl && !env.SERVICE_API_KEY) throw new Error("SERVICE_BASE_URL is set but SERVICE_API_KEY is not");
  const secrets = loadSecrets(dataDir, env);
  const delayRaw = env.EMBEDDED_AGENT_DELAY_MS;
  const delay = delayRaw === undefined || delayRaw === "" ? 40 : Number(delayRaw);
  return {
    serviceBaseUrl,
    serviceApiKey: env.SERVICE_API_KEY || secrets.serviceApiKey!,
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    authSecret: env.AUTH_SECRET || secrets.authSecret!,
    dashboardUsername: env.DASHBOARD_USERNAME || "admin",
    dashboardPassword: env.DASHBOARD_PASSWORD || secrets.dashboardPassword!,
    passwordGenerated: !env.DASHBOARD_PASSWORD,
    appUrl: (env.APP_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, ""),
    agentDelayMs: Number.isFinite(delay) && delay >= 0 ? delay : 40,
    embedded: !serviceBaseUrl,
    serveEmbedded: !serviceBaseUrl || env.EMBEDDED_SERVICE === "on",
    embeddedSecretKey: env.EMBEDDED_SECRET_KEY || secrets.embeddedSecretKey || "",
    oauthStateTtlMs: positiveOr(env.EMBEDDED_OAUTH_STATE_TTL_MS, 300_000),
  };
}

function positiveOr(raw: string | undefined, fallback: number): number {
  const n = raw === undefined || raw === "" ? NaN : Number(raw);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

const KEY = Symbol.for("atelier.config");
type Holder = { [KEY]?: AppConfig };

/** The process-wide configuration, read once. */
export function getConfig(): AppConfig {
  const g = globalThis as Holder;
  return (g[KEY] ??= readConfig());
}
