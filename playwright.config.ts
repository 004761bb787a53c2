import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { E2E_AUTH_SECRET, E2E_BASE_URL, E2E_PASSWORD, E2E_PORT, E2E_SERVICE_API_KEY, E2E_USERNAME } from "./e2e/fixtures";

// A fresh data dir per run. The config is loaded again in each worker: they inherit the runner's env.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "atelier-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;

const root = path.dirname(fileURLToPath(import.meta.url));
const start = `npx next start -p ${E2E_PORT} -H 127.0.0.1`;
// `npm test` builds first; a bare `npx playwright test` builds when there is no production build yet.
const command = existsSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID")) ? start : `npx next build && ${start}`;

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  globalTeardown: "./e2e/global-teardown.ts",
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  outputDir: "test-results/artifacts",
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    viewport: { width: 1366, height: 860 },
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1366, height: 860 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: {
    command,
    url: `${E2E_BASE_URL}/sign-in`,
    reuseExistingServer: false,
    timeout: 600_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DASHBOARD_USERNAME: E2E_USERNAME,
      DASHBOARD_PASSWORD: E2E_PASSWORD,
      SERVICE_API_KEY: E2E_SERVICE_API_KEY,
      APP_URL: E2E_BASE_URL,
      AUTH_SECRET: E2E_AUTH_SECRET,
      EMBEDDED_AGENT_DELAY_MS: "15",
      // MCP OAuth: authorization URLs (their state) expire after 15 s instead of 5 min, so e2e/mcp.spec.ts can test expiry.
      EMBEDDED_OAUTH_STATE_TTL_MS: "15000",
      NEXT_TELEMETRY_DISABLED: "1",
      // The e2e run always drives the embedded service on PGlite, whatever the surrounding shell sets.
      SERVICE_BASE_URL: "",
      DATABASE_URL: "",
    },
  },
});
