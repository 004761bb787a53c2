import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readAppRuntime, type AppRuntimeConfig } from "./app-runtime";
import { readOidcConfig, type OidcConfig } from "./people/oidc";
import { readCommandSandbox, type CommandSandboxConfig } from "./command-sandbox";
import { previewOriginFrom, previewPortFrom, type PreviewOriginConfig } from "./preview-origin";
import { assertPreviewIsolated } from "./preview-site";
import { QUOTA_NAMES, SPEC_DAILY_QUOTAS, type QuotaLimits } from "@/lib/api/schemas/quotas";

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
  /** Whether the password was generated (kept in DATA_DIR/secrets.json) rather than given (DASHBOARD_PASSWORD). */
  passwordGenerated: boolean;
  /** Whether this start generated it: the one start that prints it (signInLine). */
  passwordCreated: boolean;
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
  /** The embedded service's model-backed agent (AGENT_BASE_URL set); null = the scripted agent. */
  agent: AgentModelConfig | null;
  /** APP_RUNTIME=on: chats whose files are an app run in the sandbox (app-runtime.ts); null: previews serve files. */
  appRuntime: AppRuntimeConfig | null;
  /**
   * The embedded service's daily quotas (interface.md Part 8): EMBEDDED_QUOTAS=spec for the spec's table,
   * EMBEDDED_QUOTA_<NAME>=n for one (n ≥ 0, or "off"). Empty: off (the default).
   */
  embeddedQuotas: QuotaLimits;
  /** Messages per chat before the oldest are archived (EMBEDDED_MESSAGE_ARCHIVE_LIMIT); undefined: the spec's 10,000. */
  messageArchiveLimit: number | undefined;
  /** How long a generation's lease lives unless renewed (EMBEDDED_GENERATION_LEASE_MS); default 15 s. */
  generationLeaseMs: number;
  /** Days the audit log keeps an entry (AUDIT_LOG_RETENTION_DAYS, a whole number ≥ 1); default 90. */
  auditLogRetentionDays: number;
  /** The remote MCP endpoint also takes the API key (EMBEDDED_MCP_ALLOW_API_KEY=1, a departure); default OAuth only. */
  mcpAllowApiKey: boolean;
  /**
   * EMBEDDED_FETCH_ALLOW_PRIVATE=1: the embedded service may reach MCP servers (and their token endpoints) and webhook
   * targets on loopback and private addresses; default off, only public addresses (and, for webhooks, APP_URL's origin).
   */
  fetchAllowPrivate: boolean;
  /** Lifetime of the remote MCP endpoint's access tokens in seconds (EMBEDDED_MCP_TOKEN_TTL_S); default 3600. */
  mcpTokenTtlS: number;
  /**
   * EMBEDDED_WIRE: "spec" (default) or "document", the embedded service answering in the real service's v2
   * document's shapes where it and the spec differ (docs/interoperability.md). Another value stops the start.
   */
  embeddedWire: "spec" | "document";
  /**
   * PGLITE_IDLE_CLOSE_MS: on PGlite, how long the embedded service and the webhook inbox stay open with nothing in
   * use before they close their database (its memory goes back to the OS; the next request opens it again, about half
   * a second). Default 30 s; 0: never.
   */
  pgliteIdleCloseMs: number;
  /**
   * The embedded service's previews: their listener's port and public origin (PREVIEW_PORT, PREVIEW_ORIGIN), checked
   * at start to be a host per chat on a site of its own (preview-site.ts); null when this process does not serve the
   * embedded service.
   */
  preview: PreviewOriginConfig | null;
  /**
   * AUTH_PASSWORD_SIGN_IN (default on): people sign in with their email and password. `off`: only through OIDC, the
   * sign-in page keeps a small link to the break-glass account's form (DASHBOARD_USERNAME / DASHBOARD_PASSWORD).
   */
  passwordSignIn: boolean;
  /** Single sign-on (OIDC_ISSUER and the other OIDC_* variables); null: none. */
  oidc: OidcConfig | null;
}

/** The service's model ids that AGENT_MODELS may map (svc-auto is answered as svc-pro). */
const SERVICE_MODEL_IDS = ["svc-mini", "svc-pro", "svc-max", "svc-max-fast"] as const;

/** An OpenAI-compatible API behind the embedded service's agent (docs/configuration.md). */
interface AgentModelConfig {
  /** AGENT_BASE_URL, no trailing slash, e.g. http://127.0.0.1:11434/v1 (Ollama). */
  baseUrl: string;
  /** AGENT_MODEL: the model name sent for any service model id AGENT_MODELS does not map. */
  model: string | null;
  /** AGENT_MODELS: service model id (svc-mini, svc-pro, …) → model name. */
  models: Partial<Record<(typeof SERVICE_MODEL_IDS)[number], string>>;
  /** AGENT_API_KEY: the bearer key for that API. */
  apiKey: string | null;
  /** AGENT_CREDITS_PER_MTOK `input,output[,cacheRead[,cacheWrite]]`; cache prices default to the input price. */
  creditsPerMTok: { input: number; output: number; cacheRead: number; cacheWrite: number } | null;
  /** AGENT_ALLOW_COMMANDS=1: the agent may ask to run commands (the permission flow); they run in the sandbox. */
  allowCommands: boolean;
  /** The sandbox of those commands: AGENT_COMMAND_* (command-sandbox.ts), only what is set. */
  commandSandbox: CommandSandboxConfig;
  /** The server's own ports (PORT, PREVIEW_PORT): a command's proxy never reaches them. */
  ownPorts: number[];
  /** AGENT_TIMEOUT_MS: the time limit of one answer; default 5 minutes. */
  timeoutMs: number;
  /** AGENT_MAX_STEPS: model calls in one answer (each tool round is one); default 24. */
  maxSteps: number;
  /** AGENT_MODELS' `#window` per service model id: the model's context window in tokens. */
  windows: Partial<Record<(typeof SERVICE_MODEL_IDS)[number], number>>;
  /** AGENT_MODEL's `#window`; null: the default (32,768 tokens). */
  window: number | null;
  /** AGENT_MAX_CREDITS_PER_ANSWER: an answer stops before its next model call past this many credits; null: no cap. */
  maxCreditsPerAnswer: number | null;
  /** AGENT_STUCK_REPEATS: the same call, failure or file flip this many times in one answer stops it; default 3. */
  stuckRepeats: number;
}

type Env = Record<string, string | undefined>;

interface Secrets {
  serviceApiKey?: string;
  authSecret?: string;
  dashboardPassword?: string;
  embeddedSecretKey?: string;
}

function loadSecrets(dataDir: string, env: Env): Secrets & { passwordCreated: boolean } {
  const file = secretsFileOf({ dataDir });
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
  const passwordCreated = !env.DASHBOARD_PASSWORD && !secrets.dashboardPassword;
  if (passwordCreated) {
    secrets.dashboardPassword = randomBytes(12).toString("base64url");
    changed = true;
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return { ...secrets, passwordCreated };
}

/** Where the generated secrets are kept: DATA_DIR/secrets.json (mode 600). */
function secretsFileOf(config: Pick<AppConfig, "dataDir">): string {
  return path.join(/*turbopackIgnore: true*/ config.dataDir, "secrets.json");
}

/**
 * How to sign in, said at start. A generated password is printed once, by the start that created it; later starts
 * say where it is kept, never the password itself (console output ends up in logs that others read).
 */
export function signInLine(config: AppConfig): string {
  const user = `Sign in as "${config.dashboardUsername}"`;
  if (!config.passwordGenerated) return `  ${user} with DASHBOARD_PASSWORD`;
  if (config.passwordCreated)
    return `  ${user} with password "${config.dashboardPassword}" (generated now, shown this once; kept in ${secretsFileOf(config)})`;
  return `  ${user} with the generated password kept in ${secretsFileOf(config)} ("dashboardPassword"), or set DASHBOARD_PASSWORD`;
}

export function readConfig(env: Env = process.env): AppConfig {
  const dataDir = path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR || ".data");
  const serviceBaseUrl = env.SERVICE_BASE_URL ? env.SERVICE_BASE_URL.replace(/\/+$/, "") : null;
  if (serviceBaseUrl && !env.SERVICE_API_KEY) throw new Error("SERVICE_BASE_URL is set but SERVICE_API_KEY is not");
  const secrets = loadSecrets(dataDir, env);
  const serveEmbedded = !serviceBaseUrl || env.EMBEDDED_SERVICE === "on";
  const appUrl = (env.APP_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, "");
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
    passwordCreated: secrets.passwordCreated,
    appUrl,
    agentDelayMs: Number.isFinite(delay) && delay >= 0 ? delay : 40,
    embedded: !serviceBaseUrl,
    serveEmbedded,
    embeddedSecretKey: env.EMBEDDED_SECRET_KEY || secrets.embeddedSecretKey || "",
    oauthStateTtlMs: positiveOr(env.EMBEDDED_OAUTH_STATE_TTL_MS, 300_000),
    agent: readAgentConfig(env),
    appRuntime: readAppRuntime(env, [Number(env.PORT || 3000), previewPortFrom(env)]),
    embeddedQuotas: readQuotas(env),
    messageArchiveLimit: readArchiveLimit(env.EMBEDDED_MESSAGE_ARCHIVE_LIMIT),
    generationLeaseMs: readLeaseMs(env.EMBEDDED_GENERATION_LEASE_MS),
    auditLogRetentionDays: readRetentionDays(env.AUDIT_LOG_RETENTION_DAYS),
    mcpAllowApiKey: env.EMBEDDED_MCP_ALLOW_API_KEY === "1",
    fetchAllowPrivate: env.EMBEDDED_FETCH_ALLOW_PRIVATE === "1",
    mcpTokenTtlS: Math.floor(positiveOr(env.EMBEDDED_MCP_TOKEN_TTL_S, 3600)),
    embeddedWire: readWire(env.EMBEDDED_WIRE),
    pgliteIdleCloseMs: readIdleCloseMs(env.PGLITE_IDLE_CLOSE_MS),
    preview: serveEmbedded ? isolatedPreviewOrigin(appUrl, env) : null,
    passwordSignIn: readOnOff("AUTH_PASSWORD_SIGN_IN", env.AUTH_PASSWORD_SIGN_IN),
    oidc: readOidcConfig(env),
  };
}

function readOnOff(name: string, raw: string | undefined): boolean {
  const value = raw?.trim().toLowerCase() || "on";
  if (value !== "on" && value !== "off") throw new Error(`${name} must be "on" or "off" (got ${JSON.stringify(raw)})`);
  return value === "on";
}

/** PREVIEW_PORT and PREVIEW_ORIGIN, refused at start unless every chat gets a host of its own on another site. */
function isolatedPreviewOrigin(appUrl: string, env: Env): PreviewOriginConfig {
  const preview = previewOriginFrom(env);
  assertPreviewIsolated(appUrl, preview);
  return preview;
}

function readWire(raw: string | undefined): "spec" | "document" {
  const value = raw?.trim() || "spec";
  if (value !== "spec" && value !== "document")
    throw new Error(`EMBEDDED_WIRE must be "spec" or "document" (got ${JSON.stringify(raw)})`);
  return value;
}

/** The AGENT_* variables; null without AGENT_BASE_URL. Malformed values stop the start with a message naming them. */
function readAgentConfig(env: Env): AgentModelConfig | null {
  const raw = env.AGENT_BASE_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`AGENT_BASE_URL must be an http(s) URL (got ${JSON.stringify(raw)})`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`AGENT_BASE_URL must be an http(s) URL (got ${JSON.stringify(raw)})`);
  const { models, windows } = parseModels(env.AGENT_MODELS);
  const single = env.AGENT_MODEL?.trim() ? withWindow("AGENT_MODEL", env.AGENT_MODEL.trim()) : null;
  const model = single?.name ?? null;
  if (!model && !Object.keys(models).length)
    throw new Error("AGENT_BASE_URL is set but neither AGENT_MODEL nor AGENT_MODELS names a model");
  return {
    baseUrl: raw.replace(/\/+$/, ""),
    model,
    models,
    windows,
    window: single?.window ?? null,
    maxCreditsPerAnswer: readCredits(env.AGENT_MAX_CREDITS_PER_ANSWER),
    stuckRepeats: readRepeats(env.AGENT_STUCK_REPEATS),
    apiKey: env.AGENT_API_KEY || null,
    creditsPerMTok: parsePrices(env.AGENT_CREDITS_PER_MTOK),
    allowCommands: env.AGENT_ALLOW_COMMANDS === "1",
    commandSandbox: readCommandSandbox(env),
    ownPorts: [Number(env.PORT || 3000), previewPortFrom(env)],
    timeoutMs: positiveOr(env.AGENT_TIMEOUT_MS, 300_000),
    maxSteps: Math.floor(positiveOr(env.AGENT_MAX_STEPS, 24)),
  };
}

/**
 * `svc-mini=qwen2.5-coder:7b,svc-pro=qwen2.5-coder:32b#32k` (the model name may hold `=` and `:`; an optional
 * `#<tokens>` gives its context window).
 */
function parseModels(raw: string | undefined): Pick<AgentModelConfig, "models" | "windows"> {
  const models: AgentModelConfig["models"] = {};
  const windows: AgentModelConfig["windows"] = {};
  for (const item of (raw ?? "").split(",").map((s) => s.trim())) {
    if (!item) continue;
    const at = item.indexOf("=");
    const id = item.slice(0, Math.max(0, at)).trim();
    const value = item.slice(at + 1).trim();
    if (at < 0 || !value || !(SERVICE_MODEL_IDS as readonly string[]).includes(id))
      throw new Error(
        `AGENT_MODELS must be a comma-separated list of <id>=<model name>[#<window>] with id one of ${SERVICE_MODEL_IDS.join(", ")} (got ${JSON.stringify(item)})`,
      );
    const { name, window } = withWindow("AGENT_MODELS", value);
    models[id as (typeof SERVICE_MODEL_IDS)[number]] = name;
    if (window !== null) windows[id as (typeof SERVICE_MODEL_IDS)[number]] = window;
  }
  return { models, windows };
}

/** `qwen2.5-coder:7b#32768` or `…#32k` (k: × 1,024): the model name and its context window in tokens, if given. */
function withWindow(variable: string, value: string): { name: string; window: number | null } {
  const hash = value.lastIndexOf("#");
  if (hash < 0) return { name: value, window: null };
  const name = value.slice(0, hash).trim();
  const raw = value.slice(hash + 1).trim();
  const match = /^(\d+)(k)?$/i.exec(raw);
  const window = match ? Number(match[1]) * (match[2] ? 1024 : 1) : NaN;
  if (!name || !Number.isSafeInteger(window) || window < 1024)
    throw new Error(
      `${variable}: a model's window is a number of tokens of at least 1024 after #, e.g. qwen2.5-coder:7b#32768 or #32k (got ${JSON.stringify(value)})`,
    );
  return { name, window };
}

/** AGENT_MAX_CREDITS_PER_ANSWER: a number > 0, or unset (no cap). */
function readCredits(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === "") return null;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`AGENT_MAX_CREDITS_PER_ANSWER must be a number of credits > 0 (got ${JSON.stringify(raw)})`);
  return n;
}

/** AGENT_STUCK_REPEATS: a whole number ≥ 2; default 3. */
function readRepeats(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return 3;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 2)
    throw new Error(`AGENT_STUCK_REPEATS must be a whole number of at least 2 (got ${JSON.stringify(raw)})`);
  return n;
}

/** `input,output[,cacheRead[,cacheWrite]]` credits per million tokens; null when unset. */
function parsePrices(raw: string | undefined): AgentModelConfig["creditsPerMTok"] {
  if (!raw?.trim()) return null;
  const values = raw.split(",").map((s) => (s.trim() === "" ? NaN : Number(s)));
  if (values.length < 2 || values.length > 4 || values.some((n) => !Number.isFinite(n) || n < 0))
    throw new Error(
      `AGENT_CREDITS_PER_MTOK must be "input,output" (optionally ",cacheRead,cacheWrite") credits per million tokens, numbers ≥ 0 (got ${JSON.stringify(raw)})`,
    );
  const [input, output, cacheRead = input, cacheWrite = input] = values as [number, number, number?, number?];
  return { input, output, cacheRead, cacheWrite };
}

/** EMBEDDED_QUOTAS (`spec` | `off`) and EMBEDDED_QUOTA_<NAME> (a whole number ≥ 0, or `off`); anything else throws. */
function readQuotas(env: Env): QuotaLimits {
  const mode = env.EMBEDDED_QUOTAS?.trim().toLowerCase() || "off";
  if (mode !== "spec" && mode !== "off") {
    throw new Error(`EMBEDDED_QUOTAS must be "spec" or "off" (got ${JSON.stringify(env.EMBEDDED_QUOTAS)})`);
  }
  const limits: QuotaLimits = mode === "spec" ? { ...SPEC_DAILY_QUOTAS } : {};
  for (const name of QUOTA_NAMES) {
    const variable = `EMBEDDED_QUOTA_${name.toUpperCase()}`;
    const raw = env[variable]?.trim();
    if (!raw) continue;
    if (raw.toLowerCase() === "off") {
      delete limits[name];
      continue;
    }
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n)) {
      throw new Error(`${variable} must be a whole number ≥ 0 or "off" (got ${JSON.stringify(raw)})`);
    }
    limits[name] = n;
  }
  return limits;
}

function readArchiveLimit(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 2) {
    throw new Error(`EMBEDDED_MESSAGE_ARCHIVE_LIMIT must be a whole number ≥ 2 (got ${JSON.stringify(raw)})`);
  }
  return n;
}

function readRetentionDays(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return 90;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new Error(`AUDIT_LOG_RETENTION_DAYS must be a whole number of days ≥ 1 (got ${JSON.stringify(raw)})`);
  }
  return n;
}

function readLeaseMs(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return 15_000;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1000) {
    throw new Error(
      `EMBEDDED_GENERATION_LEASE_MS must be a whole number of milliseconds ≥ 1000 (got ${JSON.stringify(raw)})`,
    );
  }
  return n;
}

function readIdleCloseMs(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return 30_000;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new Error(
      `PGLITE_IDLE_CLOSE_MS must be a whole number of milliseconds, 0 for never (got ${JSON.stringify(raw)})`,
    );
  }
  return n;
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
