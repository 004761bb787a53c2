import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import {
  CLUSTER_PROJECT,
  DOCUMENT_PROJECT,
  E2E_DOC_BASE_URL,
  E2E_DOC_PORT,
  E2E_AUTH_SECRET,
  E2E_CLUSTER_A_PORT,
  E2E_CLUSTER_A_URL,
  E2E_CLUSTER_B_PORT,
  E2E_CLUSTER_B_URL,
  E2E_BASE_URL,
  E2E_MODEL_BASE_URL,
  E2E_MODEL_NAME,
  E2E_MODEL_PEER_PORT,
  E2E_MODEL_PORT,
  E2E_OIDC,
  E2E_PASSWORD,
  E2E_PEER_PORT,
  E2E_PEER_URL,
  E2E_PORT,
  E2E_REF_BASE_URL,
  E2E_REF_PORT,
  E2E_SECOND_BASE_URL,
  E2E_SECOND_PORT,
  E2E_SERVICE_API_KEY,
  E2E_USERNAME,
  previewPortOf,
  LIFECYCLE_PROJECT,
  MODEL_PROJECT,
  REFERENCE_PROJECT,
  SECOND_PROJECT,
} from "./e2e/fixtures";

// A fresh data dir per run. The config is loaded again in each worker: they inherit the runner's env.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "atelier-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;
process.env.E2E_SECOND_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "atelier-e2e-"));
const secondDataDir = process.env.E2E_SECOND_DATA_DIR;
process.env.E2E_REF_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "atelier-e2e-"));
const refDataDir = process.env.E2E_REF_DATA_DIR;
process.env.E2E_MODEL_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "atelier-e2e-"));
const modelDataDir = process.env.E2E_MODEL_DATA_DIR;
process.env.E2E_DOC_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "atelier-e2e-"));
const docDataDir = process.env.E2E_DOC_DATA_DIR;

// The cluster project's database (two servers share it); only with a PostgreSQL server to create it on.
const clusterAdmin = process.env.TEST_DATABASE_URL;
if (clusterAdmin && !process.env.E2E_CLUSTER_DATABASE_URL) {
  const url = new URL(clusterAdmin);
  url.pathname = `/atelier_e2e_cluster_${process.pid}`;
  process.env.E2E_CLUSTER_DATABASE_URL = url.toString();
}
const clusterDatabaseUrl = process.env.E2E_CLUSTER_DATABASE_URL;
process.env.E2E_CLUSTER_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "atelier-e2e-"));
const clusterDataDir = process.env.E2E_CLUSTER_DATA_DIR;

/**
 * Specs of the default server moved to the `chromium-2` project: the same server settings on a second server of their
 * own, run by scripts/e2e.sh beside the chromium run so that the runs take about as long (docs/testing.md, "Where the
 * time goes"). A spec moved here reaches its server through the project's base URL (`baseURL()` in e2e/fixtures.ts).
 */
const SECOND_SERVER_SPECS = [
  "approvals",
  "files",
  "import-files",
  "preview-problems",
  "timeline",
  "webhook-debugging",
].map((name) => `**/${name}.spec.ts`);

/** The specs that also run in the `reference` project (plus its own e2e/reference-*.spec.ts). */
const REFERENCE_SPECS = ["chat", "approvals", "files", "webhooks", "mcp"].map((name) => `**/${name}.spec.ts`);

/** Projects named with --project (none: all). Only the servers they need start. */
const chosen = process.argv.flatMap((arg, i, all) =>
  arg.startsWith("--project=") ? [arg.slice(10)] : arg === "--project" ? [all[i + 1] ?? ""] : [],
);
const runs = (name: string) => chosen.length === 0 || chosen.includes(name);

// Without a database the cluster project is left out locally (scripts/test.sh says so at the end); CI must run it.
if (process.env.CI && !clusterDatabaseUrl && runs(CLUSTER_PROJECT)) {
  throw new Error("The cluster project needs TEST_DATABASE_URL (a PostgreSQL server): CI must run it, not skip it.");
}

const root = path.dirname(fileURLToPath(import.meta.url));
const start = `npx next start -p ${E2E_PORT} -H 127.0.0.1`;
// `npm test` builds first; a bare `npx playwright test` builds when there is no production build yet.
const built = existsSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"));
const command = built ? start : `npx next build && ${start}`;
const secondStart = `npx next start -p ${E2E_SECOND_PORT} -H 127.0.0.1`;
const secondCommand = built || runs("chromium") ? secondStart : `npx next build && ${secondStart}`;
// Web servers start one after the other: the reference server builds only when the default one does not run.
const refStart = `npx next start -p ${E2E_REF_PORT} -H 127.0.0.1`;
const refCommand = built || runs("chromium") || runs(SECOND_PROJECT) ? refStart : `npx next build && ${refStart}`;
const modelStart = `npx next start -p ${E2E_MODEL_PORT} -H 127.0.0.1`;
const modelCommand =
  built || runs("chromium") || runs(SECOND_PROJECT) || runs(REFERENCE_PROJECT)
    ? modelStart
    : `npx next build && ${modelStart}`;
const docStart = `npx next start -p ${E2E_DOC_PORT} -H 127.0.0.1`;
const docCommand = built || chosen.length === 0 ? docStart : `npx next build && ${docStart}`;
const clusterStart = (port: number) => `npx next start -p ${port} -H 127.0.0.1`;
const clusterA = `npx tsx e2e/peers/cluster-database.ts create ${clusterDatabaseUrl} && ${
  built || chosen.length === 0
    ? clusterStart(E2E_CLUSTER_A_PORT)
    : `npx next build && ${clusterStart(E2E_CLUSTER_A_PORT)}`
}`;

const serverEnv = {
  NODE_ENV: "production",
  DASHBOARD_USERNAME: E2E_USERNAME,
  DASHBOARD_PASSWORD: E2E_PASSWORD,
  SERVICE_API_KEY: E2E_SERVICE_API_KEY,
  AUTH_SECRET: E2E_AUTH_SECRET,
  EMBEDDED_AGENT_DELAY_MS: "15",
  // MCP OAuth: authorization URLs (their state) expire after 10 s instead of 5 min, so e2e/mcp.spec.ts can test expiry
  // (it waits until then); enough for the other specs' consent flows to finish in time.
  EMBEDDED_OAUTH_STATE_TTL_MS: "10000",
  NEXT_TELEMETRY_DISABLED: "1",
  // The Git, zip, MCP and OAuth test peers listen on 127.0.0.1, which the service refuses to fetch otherwise.
  EMBEDDED_FETCH_ALLOW_PRIVATE: "1",
  // The e2e run always drives the embedded service on PGlite, whatever the surrounding shell sets.
  DATABASE_URL: "",
};

/**
 * One Next server of a project: `next start` (or build and start) answering at `url`, with `env` over serverEnv. Its
 * previews listen 20 ports above it (a server on E2E_PORT+N previews on E2E_PORT+N+20: +20 … +28; e2e/fixtures.ts).
 */
const appServer = (serverCommand: string, url: string, env: Record<string, string>) => ({
  command: serverCommand,
  url: `${url}/sign-in`,
  reuseExistingServer: false,
  timeout: 600_000,
  stdout: "pipe" as const,
  stderr: "pipe" as const,
  env: { ...serverEnv, APP_URL: url, PREVIEW_PORT: String(previewPortOf(url)), SERVICE_BASE_URL: "", ...env },
});

/** A server with the default settings (the chromium and chromium-2 projects' servers). */
const defaultServer = (serverCommand: string, url: string, dir: string) =>
  // Remote MCP access tokens live 5 s here, so e2e/remote-mcp-oauth.spec.ts sees the SDK refresh one.
  appServer(serverCommand, url, { DATA_DIR: dir, EMBEDDED_MCP_TOKEN_TTL_S: "5" });

/**
 * The browser the tests drive: CHROMIUM_PATH, else Debian's headless shell (`chromium-headless-shell`, what Playwright
 * itself runs headless), else Debian's Chromium. The shell draws the same pages with less of the browser around them:
 * the same specs took 16% less time and a third less CPU than under `chromium --headless` (docs/testing.md, "Where the
 * time goes"). The benchmarks keep the full Chromium (bench/browser.ts): they measure what a person's browser does.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromiumPath = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** Debian's Chromium as every project drives it; `baseURL`: the project's own server. */
const chromium = (baseURL?: string) => ({
  ...devices["Desktop Chrome"],
  ...(baseURL ? { baseURL } : {}),
  viewport: { width: 1366, height: 860 },
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
});

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  // A test.only left in a spec fails the CI run instead of silently running that test alone.
  forbidOnly: !!process.env.CI,
  // Each project has its own server. E2E_WORKERS=2 would also run two specs of one project at once on one server,
  // which the specs do not expect: scripts/e2e.sh runs projects side by side instead.
  workers: Number(process.env.E2E_WORKERS || 1),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  globalTeardown: "./e2e/global-teardown.ts",
  // scripts/e2e.sh runs three of these side by side (E2E_RUN names each): separate reports and artifacts.
  reporter: [
    ["list"],
    // Each test's duration, for scripts/e2e.sh's "slowest tests" lines at the end of the run.
    ["json", { outputFile: `test-results/e2e-${process.env.E2E_RUN || "run"}.json` }],
    [
      "html",
      {
        open: "never",
        outputFolder: process.env.E2E_RUN ? `playwright-report-${process.env.E2E_RUN}` : "playwright-report",
      },
    ],
  ],
  outputDir: `test-results/${process.env.E2E_RUN || "artifacts"}`,
  use: {
    baseURL: E2E_BASE_URL,
    // A trace only for a retried test: recording one for every test (screenshots and DOM snapshots at each step) cost
    // about 30% of a run's time and twice its CPU (docs/testing.md, "Where the time goes"). Under CI a failing test is
    // retried once, and that attempt is traced; E2E_TRACE=on (or retain-on-failure) traces every test locally.
    trace:
      (process.env.E2E_TRACE as "on" | "off" | "retain-on-failure" | "on-first-retry" | undefined) ?? "on-first-retry",
    screenshot: "only-on-failure",
    viewport: { width: 1366, height: 860 },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: [
        "**/reference-*.spec.ts",
        "**/model-*.spec.ts",
        "**/oidc-*.spec.ts",
        "**/cluster-*.spec.ts",
        "**/lifecycle.spec.ts",
        "**/app-runtime.spec.ts",
        "**/app-runtime-vite.spec.ts",
        ...SECOND_SERVER_SPECS,
      ],
      use: chromium(),
    },
    {
      // A second server with the default one's settings, for the specs moved off it (SECOND_SERVER_SPECS).
      name: SECOND_PROJECT,
      testMatch: SECOND_SERVER_SPECS,
      use: chromium(E2E_SECOND_BASE_URL),
    },
    {
      // The server as a process: each test starts its own servers (e2e/server-process.ts); no project server. Also the
      // app runtime's specs, whose servers of their own run with APP_RUNTIME=on (the bubblewrap sandbox); the Vite
      // app's needs the npm registry (APP_RUNTIME_REGISTRY_TESTS=1, scripts/registry.sh).
      name: LIFECYCLE_PROJECT,
      testMatch: ["**/lifecycle.spec.ts", "**/app-runtime.spec.ts", "**/app-runtime-vite.spec.ts"],
      use: chromium(),
    },
    {
      // The same specs against a document-shaped deployment: server B → the reference upstream peer → B's own /svc.
      name: REFERENCE_PROJECT,
      testMatch: [...REFERENCE_SPECS, "**/reference-*.spec.ts"],
      use: chromium(E2E_REF_BASE_URL),
    },
    {
      // The same specs against server D, whose embedded service speaks the document (EMBEDDED_WIRE=document).
      name: DOCUMENT_PROJECT,
      testMatch: REFERENCE_SPECS,
      use: chromium(E2E_DOC_BASE_URL),
    },
    {
      // The model-backed agent: server C's embedded service answers through a scripted OpenAI-compatible peer. Server C
      // also signs people in through an OpenID provider with passwords switched off (e2e/oidc-sign-in.spec.ts).
      name: MODEL_PROJECT,
      testMatch: ["**/model-*.spec.ts", "**/oidc-*.spec.ts"],
      use: chromium(E2E_MODEL_BASE_URL),
    },
    ...(clusterDatabaseUrl
      ? [
          {
            // Two instances on one PostgreSQL database: the browser uses B while A generates.
            name: CLUSTER_PROJECT,
            testMatch: "**/cluster-*.spec.ts",
            use: chromium(E2E_CLUSTER_B_URL),
          },
        ]
      : []),
  ],
  webServer: [
    ...(runs("chromium") ? [defaultServer(command, E2E_BASE_URL, dataDir)] : []),
    ...(runs(SECOND_PROJECT) ? [defaultServer(secondCommand, E2E_SECOND_BASE_URL, secondDataDir)] : []),
    ...(runs(REFERENCE_PROJECT)
      ? [
          {
            command: "npx tsx e2e/peers/reference-upstream.ts",
            url: `${E2E_PEER_URL}/__peer/health`,
            reuseExistingServer: false,
            timeout: 60_000,
            stdout: "pipe" as const,
            stderr: "pipe" as const,
            env: { REFERENCE_PEER_PORT: String(E2E_PEER_PORT), REFERENCE_UPSTREAM: `${E2E_REF_BASE_URL}/svc` },
          },
          // The dashboard talks to the peer; the peer talks to this server's own embedded service (kept on).
          appServer(refCommand, E2E_REF_BASE_URL, {
            DATA_DIR: refDataDir,
            SERVICE_BASE_URL: E2E_PEER_URL,
            EMBEDDED_SERVICE: "on",
          }),
        ]
      : []),
    ...(runs(MODEL_PROJECT)
      ? [
          appServer(modelCommand, E2E_MODEL_BASE_URL, {
            DATA_DIR: modelDataDir,
            AGENT_BASE_URL: `http://127.0.0.1:${E2E_MODEL_PEER_PORT}/v1`,
            AGENT_MODEL: E2E_MODEL_NAME,
            AGENT_TIMEOUT_MS: "30000",
            // e2e/model-commands.spec.ts approves a command: it runs in the bubblewrap sandbox (docs/sandbox.md).
            AGENT_ALLOW_COMMANDS: "1",
            // Single sign-on through the OpenID provider e2e/oidc-sign-in.spec.ts starts; people's passwords off.
            OIDC_ISSUER: E2E_OIDC.issuer,
            OIDC_CLIENT_ID: E2E_OIDC.clientId,
            OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
            OIDC_NAME: E2E_OIDC.name,
            OIDC_ADMIN_VALUES: "atelier-admins",
            OIDC_MEMBER_VALUES: "engineering,design",
            OIDC_VIEWER_VALUES: "readers",
            AUTH_PASSWORD_SIGN_IN: "off",
          }),
        ]
      : []),
    ...(runs(DOCUMENT_PROJECT)
      ? [appServer(docCommand, E2E_DOC_BASE_URL, { DATA_DIR: docDataDir, EMBEDDED_WIRE: "document" })]
      : []),
    ...(runs(CLUSTER_PROJECT) && clusterDatabaseUrl
      ? [E2E_CLUSTER_A_URL, E2E_CLUSTER_B_URL].map((url, i) =>
          appServer(i === 0 ? clusterA : clusterStart(E2E_CLUSTER_B_PORT), url, {
            DATABASE_URL: clusterDatabaseUrl,
            TEST_DATABASE_URL: clusterAdmin ?? "",
            DATA_DIR: path.join(clusterDataDir, i === 0 ? "a" : "b"),
            EMBEDDED_GENERATION_LEASE_MS: "3000",
            // Behind a proxy as deployed (deploy/compose.yaml): sign-in counts per account + address
            // (e2e/cluster-sign-in.spec.ts sends the X-Forwarded-For the proxy would).
            TRUSTED_PROXY: "1",
          }),
        )
      : []),
  ],
});
