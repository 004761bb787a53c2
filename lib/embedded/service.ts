import "server-only";
import type { QuotaLimits } from "@/lib/api";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import { scriptedAgent } from "./scripted-agent/scripted-agent";
import type { Agent } from "./generation/agent";
import { newId } from "./ids";
import { LiveHub } from "./live/hub";
import { Recovery } from "./generation/recovery";
import { DEFAULT_DEPLOYMENT_BUILD_MS } from "./hosting/build";
import type { ServiceParts } from "./http/context";
import { RequestsInUse } from "./http/in-use";
import { createRouter } from "./http/router";
import { shuttingDown } from "./http/shutting-down";
import { outboundFetch } from "./outbound/fetch";
import { McpConnections } from "./mcp/connections";
import type { ModelAgentOptions } from "./model-agent/options";
import { modelAgent } from "./model-agent/run";
import { SecretBox } from "./mcp/secret-box";
import { PreviewOrigin } from "./preview/origin";
import { servePreviewOrigin } from "./preview/origin-serve";
import { isPass, type PreviewAnswer } from "./preview/pass";
import { AppRuntime } from "./runtime/apps";
import { RUNTIME_OFF } from "./runtime/view";
import { AppBuilds } from "./hosting/app-build";
import { appRuntimeSettings, type AppRuntimeSettingsInput } from "./runtime/settings";
import { createSandbox, type SandboxSettingsInput } from "./sandbox";
import { Previews } from "./preview/previews";
import { ShareLinks } from "./shares/links";
import { PreviewTokens } from "./preview/tokens";
import type { Wire } from "./document-wire";
import { AuditLog } from "./people/audit";
import type { PeopleContext } from "./people/context";
import { peopleDirectory } from "./people/directory";
import { ensureFirstAdmin, FIRST_ADMIN_DEFAULT_NAME } from "./people/members";
import type { PeopleDirectory } from "./people/types";
import { QuotaMeter } from "./quotas/meter";
import { RemoteMcpAuth, type AuthorizationCheck, type ConnectedClient } from "./remote-mcp/authorization-server";
import { openDatabase } from "./store";
import { assertMessageArchiveLimit, setMessageArchiveLimit } from "./messages/store-archive";
import { Turns } from "./generation/turns";
import { Spend } from "./spend/spend";
import { sealPlainWebhookSecrets, Webhooks } from "./webhooks";

export interface EmbeddedOptions {
  /** The bearer key it accepts. */
  apiKey: string;
  /** The data directory: PGlite lives in `<dataDir>/pglite`; "memory://" keeps it in memory (tests). */
  dataDir: string;
  /** When set: PostgreSQL through `pg` instead of PGlite. */
  databaseUrl?: string | null;
  /** Its own {base_url}, e.g. "http://localhost:3000/svc"; the path prefix is stripped from request URLs. */
  publicBaseUrl: string;
  /**
   * The previews' public origin (PREVIEW_ORIGIN), `*` as the first label of its host for a host per chat; default
   * `http://*.localhost:3001`.
   */
  previewOrigin?: string;
  /** Who may frame a preview (besides the trusted preview hosts of the settings); default the origin of publicBaseUrl. */
  previewFrameAncestors?: readonly string[];
  /** The clock preview tokens are issued and checked by (a test moves it instead of waiting); default the system clock. */
  previewNow?: () => Date;
  /** Pace of the scripted agent in ms per step (0 in tests). */
  agentDelayMs: number;
  /** Where the drizzle-kit migrations are; default `<cwd>/drizzle`. */
  migrationsFolder?: string;
  /** Delays between webhook delivery attempts in ms; default wire-decisions.md 8 (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). */
  webhookRetrySchedule?: number[];
  /** Timeout of one delivery attempt; default 15 s. */
  webhookTimeoutMs?: number;
  /**
   * The clock of the webhook secret rotation's 24-hour overlap and of the 5 days of failures that disable a webhook
   * (a test moves it instead of waiting); default the system clock.
   */
  webhookNow?: () => Date;
  /**
   * Secret material for encrypting MCP secrets at rest (AES-256-GCM, key derived with HKDF); default: the API key.
   * Changing it makes stored tokens unreadable (the servers must be connected again).
   */
  secretKey?: string;
  /** Lifetime of an MCP authorization URL and its state; default 5 minutes (interface.md 5.6). */
  oauthStateTtlMs?: number;
  /** The clock MCP token expiry is judged by (a test moves it instead of waiting); default the system clock. */
  mcpNow?: () => Date;
  /** Where a person opens a chat (the remote MCP endpoint's `url` for chats); none: no `url`. */
  chatUrl?: (chatId: string) => string;
  /** The model-backed agent (AGENT_BASE_URL and friends); none or null: the scripted agent. */
  modelAgent?: ModelAgentOptions | null;
  /** Another agent to answer every message (it wins over `modelAgent`): a third kind, or a test's own. */
  agent?: Agent;
  /**
   * Daily quotas (interface.md Part 8) by name; a quota absent is off. Default: none (a self-hoster's own service).
   * Counted per UTC day in the database, so instances sharing a PostgreSQL database share the counts.
   */
  quotas?: QuotaLimits;
  /** Messages per chat before the oldest are archived (interface.md Part 8); default 10,000, at least 2. */
  messageArchiveLimit?: number;
  /**
   * How long a generation's lease lives unless its instance renews it (every third of it); an instance that dies
   * has its answers closed as errors this long after, by any other. Default 15 s.
   */
  generationLeaseMs?: number;
  /** How long a new deployment stays pending before its build settles; default 1.5 s (lib/embedded/hosting/build.ts). */
  deploymentBuildMs?: number;
  /** The remote MCP endpoint's OAuth authorize page (the dashboard's); default `{origin of base_url}/oauth/authorize`. */
  mcpAuthorizeUrl?: string;
  /** {mcp_url} also takes the API key (a departure from the spec's OAuth); default false. */
  mcpAllowApiKey?: boolean;
  /** Lifetime of the remote MCP endpoint's access tokens in seconds; default 3600. */
  mcpAccessTokenTtlS?: number;
  /** The remote MCP authorization server's clock (tests). */
  remoteMcpNow?: () => Date;
  /**
   * Whether MCP servers, their token endpoints and webhook targets may be on private addresses (loopback, private
   * networks): EMBEDDED_FETCH_ALLOW_PRIVATE=1, for local development and the test peers. Default false: the service
   * connects only to public addresses (outbound/fetch.ts, the one guard), webhooks also to the dashboard's inbox on
   * its own origin (`/api/inbox/…`).
   */
  fetchAllowPrivate?: boolean;
  /**
   * "document": v2 answers and message streams in the real service's document's shapes where it and the spec differ
   * (EMBEDDED_WIRE=document; docs/interoperability.md); default "spec".
   */
  wire?: Wire;
  /**
   * Runs chats whose files are an app (a package.json with a `dev` or `start` script) in the sandbox and passes their
   * previews through to it (APP_RUNTIME=on; docs/app-runtime.md); none or null: every chat's preview is its files.
   */
  appRuntime?: {
    settings?: AppRuntimeSettingsInput;
    /** The sandbox's backend and limits (AGENT_COMMAND_SANDBOX and friends). */
    sandbox?: SandboxSettingsInput;
    /** The server's own ports, which an install's proxy never reaches. */
    ownPorts?: readonly number[];
    /** How often running apps' files are compared with their chats' (ms; default 500; tests). */
    syncMs?: number;
    /**
     * Where other instances reach this one's preview listener (`host:port`, APP_INSTANCE_ADDRESS): preview requests
     * for an app this instance runs are forwarded there; default this host's name and port 3001.
     */
    address?: string;
  } | null;
  /** What an app chat's preview says when appRuntime is none (default: the runtime is turned off, runtime/view.ts). */
  appRuntimeOff?: string;
  /** How client ID metadata documents are fetched (tests); default the guard's `fetchPublicDocument` (outbound/). */
  fetchClientMetadataDocument?: (url: string) => Promise<Response>;
  /**
   * The clock of the ledger and the budgets (a call's time, a budget's day or month): a test moves it past a period's
   * end instead of waiting; default the system clock.
   */
  spendNow?: () => Date;
  /** The first admin's name (DASHBOARD_USERNAME), set at every start; default "Embedded service user". */
  firstAdminName?: string;
  /** Where an invitation is opened, for its token; default `{origin of base_url}/invite/{token}`. */
  invitationUrl?: (token: string) => string;
  /** The clock of invitations' expiry and of the audit log's retention (tests move it); default the system clock. */
  peopleNow?: () => Date;
  /** Days the audit log keeps an entry (AUDIT_LOG_RETENTION_DAYS); default 90. */
  auditLogRetentionDays?: number;
  /** Where a share link opens, for its token; default `{origin of base_url}/share/{token}` (the dashboard's page). */
  shareUrl?: (token: string) => string;
  /** The clock share links' expiry is judged by (tests move it); default the system clock. */
  shareNow?: () => Date;
}

const DEFAULT_GENERATION_LEASE_MS = 15_000;
/** AUDIT_LOG_RETENTION_DAYS' default. */
const DEFAULT_AUDIT_LOG_RETENTION_DAYS = 90;

export interface EmbeddedService {
  handle(req: Request): Promise<Response>;
  /**
   * A request to the preview origin (its own listener, preview/listener.ts): a chat's app at the root, for a token;
   * a running app's answer is a pass the listener carries out (preview/pass.ts).
   */
  handlePreview(req: Request): Promise<PreviewAnswer>;
  /**
   * Refuses new requests (503), waits for running generations up to `graceMs` (default: for good), ends the rest as
   * errors (service_shutdown, with their events), flushes the webhook deliveries and closes the database.
   */
  close(opts?: { graceMs?: number }): Promise<void>;
  /** Whether it serves: not closing, and its database answers (its migrations were applied when it opened). */
  healthy(): Promise<boolean>;
  /** The remote MCP endpoint's authorization, for the dashboard's authorize and connected-clients pages. */
  remoteMcp: RemoteMcpAuthorization;
  /** The people of this Atelier, for the dashboard's sign-in and session checks (docs/people.md). */
  people: PeopleDirectory;
  /**
   * Whether it has work under way: a request being served (until its response body ends), a generation running, a
   * webhook delivery in flight or pending (a retry due later included). When not, it may be closed and started
   * again on the next request without anyone noticing (getEmbeddedService's `idleCloseMs`).
   */
  inUse(): boolean;
}

/** What the dashboard's pages do with the remote MCP endpoint's authorization server (signed in already). */
export interface RemoteMcpAuthorization {
  checkAuthorization(params: Record<string, string | undefined>): Promise<AuthorizationCheck>;
  decide(
    params: Record<string, string | undefined>,
    approve: boolean,
    subject: string,
  ): Promise<AuthorizationCheck | { ok: true; redirectTo: string }>;
  connectedClients(): Promise<ConnectedClient[]>;
  revokeClient(clientId: string): Promise<boolean>;
}

/** The PGlite directory for a data directory ("memory://…" stays in memory). */
function pgliteDir(dataDir: string): string {
  return dataDir.startsWith("memory://") ? dataDir : `${dataDir.replace(/\/+$/, "")}/pglite`;
}

export async function createEmbeddedService(opts: EmbeddedOptions): Promise<EmbeddedService> {
  if (opts.messageArchiveLimit !== undefined) assertMessageArchiveLimit(opts.messageArchiveLimit);
  const database = await openDatabase({
    dataDir: pgliteDir(opts.dataDir),
    databaseUrl: opts.databaseUrl,
    migrationsFolder: opts.migrationsFolder,
  });
  if (opts.messageArchiveLimit !== undefined) setMessageArchiveLimit(database.db, opts.messageArchiveLimit);
  const leaseMs = Math.max(100, opts.generationLeaseMs ?? DEFAULT_GENERATION_LEASE_MS);
  const shared = database.driver === "pg";
  // Who holds a lease, for people reading the database: host, process and a random part (one per start).
  const owner = `${hostname()}:${process.pid}:${newId("run").slice(-8)}`;

  const publicBaseUrl = opts.publicBaseUrl.replace(/\/+$/, "");
  const basePath = new URL(publicBaseUrl).pathname.replace(/\/+$/, "");
  const secrets = new SecretBox(opts.secretKey || opts.apiKey);
  // Webhook signing secrets stored in clear by an earlier version are sealed now (idempotent; safe with several
  // instances starting at once: webhooks/sealed-secrets.ts).
  await sealPlainWebhookSecrets(database.db, secrets);
  const webhooks = new Webhooks({
    db: database.db,
    listening: database.listening,
    retrySchedule: opts.webhookRetrySchedule,
    timeoutMs: opts.webhookTimeoutMs,
    now: opts.webhookNow,
    // Deliveries go through the one private-address rule; the dashboard's webhook inbox on the service's own origin
    // (`${APP_URL}/api/inbox/…`, on loopback in a self-hosted setup) is the one exemption, that path only.
    fetch: outboundFetch({
      allowPrivate: opts.fetchAllowPrivate,
      exemptPrefix: new URL("/api/inbox/", publicBaseUrl).href,
    }),
    box: secrets,
  });
  const events = { emit: webhooks.emit };
  // Answers left by instances that are gone: on a PGlite directory (one process) every lease found is a previous
  // run's; on PostgreSQL only expired ones (other instances may be generating right now).
  const recovery = new Recovery({ db: database.db, emit: events.emit, everyMs: Math.max(50, Math.floor(leaseMs / 3)) });
  await recovery.start(!shared);
  const live = new LiveHub(database.listening);
  await live.started();
  const mcp = new McpConnections({
    db: database.db,
    box: secrets,
    publicBaseUrl,
    stateTtlMs: opts.oauthStateTtlMs ?? 5 * 60_000,
    sharedDatabase: database.driver === "pg",
    now: opts.mcpNow,
    fetch: outboundFetch({ allowPrivate: opts.fetchAllowPrivate }),
  });
  const agent =
    opts.agent ??
    (opts.modelAgent
      ? modelAgent({ ...opts.modelAgent, appsRun: Boolean(opts.appRuntime) }, mcp)
      : scriptedAgent({ delayMs: Math.max(0, opts.agentDelayMs), mcp }));
  const spend = new Spend(database.db, opts.spendNow);
  const turns = new Turns({
    db: database.db,
    agent,
    spend,
    emit: events.emit,
    owner,
    leaseMs,
    shared,
    publicBaseUrl,
  });
  live.onStopRequest((chatId, messageId) => turns.stopLocal(chatId, messageId));
  const remoteAuth = new RemoteMcpAuth({
    db: database.db,
    publicBaseUrl,
    authorizeUrl: opts.mcpAuthorizeUrl ?? `${new URL(publicBaseUrl).origin}/oauth/authorize`,
    accessTokenTtlS: opts.mcpAccessTokenTtlS,
    fetchMetadataDocument: opts.fetchClientMetadataDocument,
    now: opts.remoteMcpNow,
  });
  const peopleNow = opts.peopleNow ?? (() => new Date());
  const peopleContext: PeopleContext = {
    db: database.db,
    now: peopleNow,
    audit: new AuditLog({
      db: database.db,
      now: peopleNow,
      retentionDays: opts.auditLogRetentionDays ?? DEFAULT_AUDIT_LOG_RETENTION_DAYS,
    }),
    invitationUrl:
      opts.invitationUrl ?? ((token) => `${new URL(publicBaseUrl).origin}/invite/${encodeURIComponent(token)}`),
  };
  await ensureFirstAdmin(peopleContext, opts.firstAdminName || FIRST_ADMIN_DEFAULT_NAME);
  const previews = new Previews(
    new PreviewTokens(opts.apiKey, opts.previewNow),
    new PreviewOrigin(opts.previewOrigin ?? "http://*.localhost:3001"),
  );
  const appSandbox = opts.appRuntime
    ? createSandbox(opts.appRuntime.sandbox, { ownPorts: opts.appRuntime.ownPorts })
    : null;
  const appSettings = appRuntimeSettings(opts.appRuntime?.settings);
  const apps =
    opts.appRuntime && appSandbox
      ? new AppRuntime({
          db: database.db,
          sandbox: appSandbox,
          settings: appSettings,
          owner,
          address: opts.appRuntime.address ?? `${hostname()}:3001`,
          secretKey: opts.secretKey || opts.apiKey,
          box: secrets,
          syncMs: opts.appRuntime.syncMs,
        })
      : null;
  // Deployments of runnable apps are built in the same sandbox, with the same settings.
  const appBuilds = appSandbox
    ? new AppBuilds({ db: database.db, sandbox: appSandbox, settings: appSettings, box: secrets })
    : null;
  const shares = new ShareLinks({
    box: secrets,
    urlOf: opts.shareUrl ?? ((token) => `${new URL(publicBaseUrl).origin}/share/${token}`),
    now: opts.shareNow ?? (() => new Date()),
  });
  const previewDeps = {
    apps,
    db: database.db,
    tokens: previews.tokens,
    origin: previews.origin,
    frameAncestors: opts.previewFrameAncestors ?? [new URL(publicBaseUrl).origin],
    shares,
  };
  const parts: ServiceParts = {
    db: database.db,
    turns,
    previews,
    publicBaseUrl,
    events,
    live,
    webhooks,
    mcp,
    quotas: new QuotaMeter({ db: database.db, limits: opts.quotas }),
    deploymentBuildMs: Math.max(0, opts.deploymentBuildMs ?? DEFAULT_DEPLOYMENT_BUILD_MS),
    appBuilds,
    secrets,
    agent,
    spend,
    people: peopleContext,
    shares,
    apps,
    appsOff: opts.appRuntimeOff ?? RUNTIME_OFF,
  };
  const route = createRouter({
    parts,
    apiKey: opts.apiKey,
    basePath,
    chatUrl: opts.chatUrl,
    remoteAuth,
    mcpAllowApiKey: opts.mcpAllowApiKey ?? false,
    wire: opts.wire ?? "spec",
  });

  let closing: Promise<void> | null = null;
  const requests = new RequestsInUse();
  const people = peopleDirectory(parts.people);
  return {
    people: {
      firstAdmin: () => requests.use(() => people.firstAdmin()),
      verifyPassword: (email, password) => requests.use(() => people.verifyPassword(email, password)),
      person: (id) => requests.use(() => people.person(id)),
      signInWithOidc: (claims) => requests.use(() => people.signInWithOidc(claims)),
      invitation: (token) => requests.use(() => people.invitation(token)),
      acceptInvitation: (token, input) => requests.use(() => people.acceptInvitation(token, input)),
      setPassword: (personId, password) => requests.use(() => people.setPassword(personId, password)),
      recordAudit: (entry) => requests.use(() => people.recordAudit(entry)),
    },
    remoteMcp: {
      checkAuthorization: (params) => requests.use(() => remoteAuth.checkAuthorization(params)),
      decide: (params, approve, subject) => requests.use(() => remoteAuth.decide(params, approve, subject)),
      connectedClients: () => requests.use(() => remoteAuth.connectedClients()),
      revokeClient: (clientId) => requests.use(() => remoteAuth.revokeClient(clientId)),
    },
    handle: (req) => {
      if (closing) return Promise.resolve(shuttingDown(req, basePath));
      return requests.track(() => route(req));
    },
    handlePreview: (req) => {
      if (closing) return Promise.resolve(new Response("The service is shutting down.", { status: 503 }));
      // A pass is not tracked: a running app keeps the service in use by itself (AppRuntime.busy).
      return requests
        .use(() => servePreviewOrigin(previewDeps, req))
        .then<PreviewAnswer>((answer) => (isPass(answer) ? answer : requests.track(async () => answer)));
    },
    healthy: async () => {
      if (closing) return false;
      try {
        await database.db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    inUse: () =>
      requests.size > 0 || turns.busy() || !webhooks.quiet() || (apps?.busy() ?? false) || (appBuilds?.busy() ?? false),
    close: (closeOpts) =>
      (closing ??= (async () => {
        await turns.drain(closeOpts?.graceMs);
        await apps?.close();
        await appBuilds?.close();
        await recovery.stop();
        await live.close();
        await webhooks.close();
        await database.close();
      })()),
  };
}
