import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig, signInLine } from "./config";

const tmp = () => mkdtempSync(path.join(tmpdir(), "atelier-config-"));

describe("config", () => {
  it("generates secrets once into DATA_DIR (private file) and keeps them across restarts", () => {
    const dir = tmp();
    const first = readConfig({ DATA_DIR: dir });
    expect(first.embedded).toBe(true);
    expect(first.serviceApiKey).toMatch(/^sk_emb_/);
    expect(first.passwordGenerated).toBe(true);
    expect(first.dashboardUsername).toBe("admin");
    const file = path.join(dir, "secrets.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = readConfig({ DATA_DIR: dir });
    expect(second.serviceApiKey).toBe(first.serviceApiKey);
    expect(second.dashboardPassword).toBe(first.dashboardPassword);
    expect(second.authSecret).toBe(first.authSecret);
    expect(JSON.parse(readFileSync(file, "utf8")).dashboardPassword).toBe(first.dashboardPassword);
  });

  it("prints a generated password once, at the start that created it; later starts say where it is kept", () => {
    const dir = tmp();
    const first = readConfig({ DATA_DIR: dir });
    const file = path.join(dir, "secrets.json");
    expect(signInLine(first)).toBe(
      `  Sign in as "admin" with password "${first.dashboardPassword}" (generated now, shown this once; kept in ${file})`,
    );
    for (const later of [readConfig({ DATA_DIR: dir }), readConfig({ DATA_DIR: dir, DASHBOARD_USERNAME: "ada" })]) {
      expect(later.dashboardPassword).toBe(first.dashboardPassword);
      expect(signInLine(later)).not.toContain(first.dashboardPassword);
      expect(signInLine(later)).toContain(`with the generated password kept in ${file}`);
    }
    const given = readConfig({ DATA_DIR: tmp(), DASHBOARD_PASSWORD: "s3cret" });
    expect(signInLine(given)).toBe('  Sign in as "admin" with DASHBOARD_PASSWORD');
    expect(signInLine(given)).not.toContain("s3cret");
  });

  it("prefers the environment and points at a real deployment", () => {
    const c = readConfig({
      DATA_DIR: tmp(),
      SERVICE_BASE_URL: "https://api.example.com/",
      SERVICE_API_KEY: "k",
      DASHBOARD_PASSWORD: "p",
      APP_URL: "http://127.0.0.1:3100/",
      EMBEDDED_AGENT_DELAY_MS: "0",
    });
    expect(c).toMatchObject({
      serviceBaseUrl: "https://api.example.com",
      serviceApiKey: "k",
      embedded: false,
      serveEmbedded: false,
      dashboardPassword: "p",
      passwordGenerated: false,
      appUrl: "http://127.0.0.1:3100",
      agentDelayMs: 0,
    });
  });

  it("keeps the embedded service at /svc next to a SERVICE_BASE_URL with EMBEDDED_SERVICE=on (a peer in between)", () => {
    const c = readConfig({
      DATA_DIR: tmp(),
      SERVICE_BASE_URL: "http://127.0.0.1:3102",
      SERVICE_API_KEY: "k",
      EMBEDDED_SERVICE: "on",
    });
    expect(c).toMatchObject({ embedded: false, serveEmbedded: true, serviceBaseUrl: "http://127.0.0.1:3102" });
    expect(c.embeddedSecretKey).not.toBe("");
  });

  it("leaves quotas off and the message limit to the service by default", () => {
    const c = readConfig({ DATA_DIR: tmp() });
    expect(c.embeddedQuotas).toEqual({});
    expect(c.messageArchiveLimit).toBeUndefined();
  });

  it("turns on the spec's quotas with EMBEDDED_QUOTAS=spec, and sets or switches off one with EMBEDDED_QUOTA_<NAME>", () => {
    expect(readConfig({ DATA_DIR: tmp(), EMBEDDED_QUOTAS: "spec" }).embeddedQuotas).toEqual({
      api_requests: 10_000,
      chat_messages: 1_000,
      file_uploads_bytes: 1024 ** 3,
      deployments: 100,
    });
    expect(
      readConfig({
        DATA_DIR: tmp(),
        EMBEDDED_QUOTAS: "spec",
        EMBEDDED_QUOTA_CHAT_MESSAGES: "5",
        EMBEDDED_QUOTA_API_REQUESTS: "off",
      }).embeddedQuotas,
    ).toEqual({ chat_messages: 5, file_uploads_bytes: 1024 ** 3, deployments: 100 });
    // One quota alone turns quotas on for it.
    expect(
      readConfig({ DATA_DIR: tmp(), EMBEDDED_QUOTA_FILE_UPLOADS_BYTES: "1000", EMBEDDED_QUOTA_DEPLOYMENTS: "0" })
        .embeddedQuotas,
    ).toEqual({ file_uploads_bytes: 1000, deployments: 0 });
  });

  it("refuses quota and message-limit values it cannot read", () => {
    expect(() => readConfig({ DATA_DIR: tmp(), EMBEDDED_QUOTAS: "on" })).toThrow(/EMBEDDED_QUOTAS/);
    expect(() => readConfig({ DATA_DIR: tmp(), EMBEDDED_QUOTA_CHAT_MESSAGES: "-1" })).toThrow(
      /EMBEDDED_QUOTA_CHAT_MESSAGES/,
    );
    expect(() => readConfig({ DATA_DIR: tmp(), EMBEDDED_QUOTA_API_REQUESTS: "1.5" })).toThrow(/whole number/);
    expect(readConfig({ DATA_DIR: tmp(), EMBEDDED_MESSAGE_ARCHIVE_LIMIT: "6" }).messageArchiveLimit).toBe(6);
    expect(readConfig({ DATA_DIR: tmp() }).auditLogRetentionDays).toBe(90);
    expect(readConfig({ DATA_DIR: tmp(), AUDIT_LOG_RETENTION_DAYS: "30" }).auditLogRetentionDays).toBe(30);
    for (const bad of ["0", "1.5", "soon"])
      expect(() => readConfig({ DATA_DIR: tmp(), AUDIT_LOG_RETENTION_DAYS: bad })).toThrow(/AUDIT_LOG_RETENTION_DAYS/);
    expect(() => readConfig({ DATA_DIR: tmp(), EMBEDDED_MESSAGE_ARCHIVE_LIMIT: "1" })).toThrow(
      /EMBEDDED_MESSAGE_ARCHIVE_LIMIT/,
    );
    expect(readConfig({ DATA_DIR: tmp() }).generationLeaseMs).toBe(15_000);
    expect(readConfig({ DATA_DIR: tmp(), EMBEDDED_GENERATION_LEASE_MS: "5000" }).generationLeaseMs).toBe(5000);
    expect(() => readConfig({ DATA_DIR: tmp(), EMBEDDED_GENERATION_LEASE_MS: "50" })).toThrow(
      /EMBEDDED_GENERATION_LEASE_MS/,
    );
  });

  it("PGLITE_IDLE_CLOSE_MS: 30 s by default, 0 for never, anything else but whole milliseconds refused", () => {
    expect(readConfig({ DATA_DIR: tmp() }).pgliteIdleCloseMs).toBe(30_000);
    expect(readConfig({ DATA_DIR: tmp(), PGLITE_IDLE_CLOSE_MS: "0" }).pgliteIdleCloseMs).toBe(0);
    expect(readConfig({ DATA_DIR: tmp(), PGLITE_IDLE_CLOSE_MS: "5000" }).pgliteIdleCloseMs).toBe(5000);
    for (const bad of ["-1", "1.5", "soon"])
      expect(() => readConfig({ DATA_DIR: tmp(), PGLITE_IDLE_CLOSE_MS: bad })).toThrow(/PGLITE_IDLE_CLOSE_MS/);
  });

  it("remote MCP endpoint: OAuth only unless EMBEDDED_MCP_ALLOW_API_KEY=1; access token lifetime", () => {
    const base = readConfig({ DATA_DIR: tmp() });
    expect(base.mcpAllowApiKey).toBe(false);
    expect(base.mcpTokenTtlS).toBe(3600);
    expect(readConfig({ DATA_DIR: tmp(), EMBEDDED_MCP_ALLOW_API_KEY: "1" }).mcpAllowApiKey).toBe(true);
    expect(readConfig({ DATA_DIR: tmp(), EMBEDDED_MCP_ALLOW_API_KEY: "yes" }).mcpAllowApiKey).toBe(false);
    expect(readConfig({ DATA_DIR: tmp(), EMBEDDED_MCP_TOKEN_TTL_S: "2" }).mcpTokenTtlS).toBe(2);
    expect(readConfig({ DATA_DIR: tmp(), EMBEDDED_MCP_TOKEN_TTL_S: "nope" }).mcpTokenTtlS).toBe(3600);
  });

  it("refuses a base URL without a key", () => {
    expect(() => readConfig({ DATA_DIR: tmp(), SERVICE_BASE_URL: "https://api.example.com" })).toThrow(
      /SERVICE_API_KEY/,
    );
  });

  describe("the model-backed agent (AGENT_*)", () => {
    it("is off (scripted agent) without AGENT_BASE_URL", () => {
      expect(readConfig({ DATA_DIR: tmp(), AGENT_MODEL: "m" }).agent).toBeNull();
    });

    it("reads the base URL, model, per-id models, key, prices and the commands switch", () => {
      const { agent } = readConfig({
        DATA_DIR: tmp(),
        AGENT_BASE_URL: "http://127.0.0.1:11434/v1/",
        AGENT_MODEL: "qwen2.5-coder:7b",
        AGENT_MODELS: "svc-mini=llama3.2:3b, svc-max=org/model=v2",
        AGENT_API_KEY: "sk-x",
        AGENT_CREDITS_PER_MTOK: "3,15",
        AGENT_ALLOW_COMMANDS: "1",
        AGENT_TIMEOUT_MS: "60000",
      });
      expect(agent).toEqual({
        baseUrl: "http://127.0.0.1:11434/v1",
        model: "qwen2.5-coder:7b",
        models: { "svc-mini": "llama3.2:3b", "svc-max": "org/model=v2" },
        apiKey: "sk-x",
        creditsPerMTok: { input: 3, output: 15, cacheRead: 3, cacheWrite: 3 },
        allowCommands: true,
        commandSandbox: {},
        ownPorts: [3000, 3001],
        timeoutMs: 60_000,
        maxSteps: 24,
        windows: {},
        window: null,
        maxCreditsPerAnswer: null,
        stuckRepeats: 3,
      });
    });

    it("reads a window per model (#tokens, k: × 1,024), the per-answer cap and the stuck count", () => {
      const { agent } = readConfig({
        DATA_DIR: tmp(),
        AGENT_BASE_URL: "http://127.0.0.1:11434/v1",
        AGENT_MODEL: "qwen2.5-coder:7b#8192",
        AGENT_MODELS: "svc-mini=llama3.2:3b#32k, svc-max=org/model=v2, svc-pro=tag#1#4096",
        AGENT_MAX_CREDITS_PER_ANSWER: "2.5",
        AGENT_STUCK_REPEATS: "4",
      });
      expect(agent).toMatchObject({
        model: "qwen2.5-coder:7b",
        window: 8192,
        models: { "svc-mini": "llama3.2:3b", "svc-max": "org/model=v2", "svc-pro": "tag#1" },
        windows: { "svc-mini": 32_768, "svc-pro": 4096 },
        maxCreditsPerAnswer: 2.5,
        stuckRepeats: 4,
      });
    });

    it("reads the commands' sandbox (AGENT_COMMAND_*): only what is set; the server's own ports", () => {
      const base = { DATA_DIR: tmp(), AGENT_BASE_URL: "http://127.0.0.1:1/v1", AGENT_MODEL: "m", PORT: "4400" };
      const { agent } = readConfig({
        ...base,
        AGENT_COMMAND_SANDBOX: "none",
        AGENT_COMMAND_TIMEOUT_MS: "120000",
        AGENT_COMMAND_CPU_S: "30",
        AGENT_COMMAND_MEMORY_MB: "512",
        AGENT_COMMAND_PROCESSES: "64",
        AGENT_COMMAND_FILE_SIZE_MB: "16",
        AGENT_COMMAND_OPEN_FILES: "256",
        AGENT_COMMAND_OUTPUT_CHARS: "5000",
        AGENT_COMMAND_NETWORK: "public",
        AGENT_COMMAND_HOSTS: "registry.npmjs.org, *.pypi.org",
        AGENT_COMMAND_PRIVATE_HOSTS: "10.0.0.5:4873",
        PREVIEW_PORT: "4420",
      });
      expect(agent?.commandSandbox).toEqual({
        backend: "none",
        limits: {
          timeMs: 120_000,
          cpuSeconds: 30,
          memoryMb: 512,
          processes: 64,
          fileSizeMb: 16,
          openFiles: 256,
          outputChars: 5000,
        },
        network: { mode: "public", hosts: ["registry.npmjs.org", "*.pypi.org"], privateHosts: ["10.0.0.5:4873"] },
      });
      expect(agent?.ownPorts).toEqual([4400, 4420]);
      expect(readConfig({ ...base, AGENT_COMMAND_NETWORK: "none" }).agent?.commandSandbox).toEqual({
        network: { mode: "none" },
      });
    });

    it("refuses malformed AGENT_COMMAND_* values with a message naming the variable", () => {
      const base = { DATA_DIR: tmp(), AGENT_BASE_URL: "http://127.0.0.1:1/v1", AGENT_MODEL: "m" };
      expect(() => readConfig({ ...base, AGENT_COMMAND_SANDBOX: "docker" })).toThrow(/AGENT_COMMAND_SANDBOX/);
      expect(() => readConfig({ ...base, AGENT_COMMAND_NETWORK: "all" })).toThrow(/AGENT_COMMAND_NETWORK/);
      expect(() => readConfig({ ...base, AGENT_COMMAND_MEMORY_MB: "1.5" })).toThrow(/AGENT_COMMAND_MEMORY_MB/);
      expect(() => readConfig({ ...base, AGENT_COMMAND_PROCESSES: "0" })).toThrow(/AGENT_COMMAND_PROCESSES/);
      expect(() => readConfig({ ...base, AGENT_COMMAND_HOSTS: "registry.npmjs.org" })).toThrow(
        /need AGENT_COMMAND_NETWORK=public/,
      );
      const pub = { ...base, AGENT_COMMAND_NETWORK: "public" };
      expect(() => readConfig({ ...pub, AGENT_COMMAND_HOSTS: "http://x.org" })).toThrow(/AGENT_COMMAND_HOSTS/);
      expect(() => readConfig({ ...pub, AGENT_COMMAND_PRIVATE_HOSTS: "10.0.0.5" })).toThrow(
        /AGENT_COMMAND_PRIVATE_HOSTS/,
      );
    });

    it("defaults: no key, no prices, no commands; AGENT_MODELS alone is enough", () => {
      const { agent } = readConfig({
        DATA_DIR: tmp(),
        AGENT_BASE_URL: "https://api.example.com/v1",
        AGENT_MODELS: "svc-pro=gpt-x",
        AGENT_CREDITS_PER_MTOK: "1,2,0.1,1.25",
      });
      expect(agent).toMatchObject({
        model: null,
        models: { "svc-pro": "gpt-x" },
        apiKey: null,
        creditsPerMTok: { input: 1, output: 2, cacheRead: 0.1, cacheWrite: 1.25 },
        allowCommands: false,
        timeoutMs: 300_000,
      });
    });

    it("refuses malformed values with a message naming the variable", () => {
      const base = { DATA_DIR: tmp(), AGENT_BASE_URL: "http://127.0.0.1:1/v1", AGENT_MODEL: "m" };
      expect(() => readConfig({ ...base, AGENT_BASE_URL: "ftp://x" })).toThrow(/AGENT_BASE_URL/);
      expect(() => readConfig({ ...base, AGENT_MODEL: "" })).toThrow(/AGENT_MODEL/);
      expect(() => readConfig({ ...base, AGENT_MODELS: "svc-huge=x" })).toThrow(/AGENT_MODELS/);
      expect(() => readConfig({ ...base, AGENT_MODELS: "svc-pro" })).toThrow(/AGENT_MODELS/);
      expect(() => readConfig({ ...base, AGENT_CREDITS_PER_MTOK: "3" })).toThrow(/AGENT_CREDITS_PER_MTOK/);
      expect(() => readConfig({ ...base, AGENT_CREDITS_PER_MTOK: "3,-1" })).toThrow(/AGENT_CREDITS_PER_MTOK/);
      expect(() => readConfig({ ...base, AGENT_MODELS: "svc-pro=x#big" })).toThrow(/AGENT_MODELS.*window/);
      expect(() => readConfig({ ...base, AGENT_MODEL: "m#100" })).toThrow(/AGENT_MODEL.*window/);
      expect(() => readConfig({ ...base, AGENT_MODELS: "svc-pro=#4096" })).toThrow(/AGENT_MODELS/);
      expect(() => readConfig({ ...base, AGENT_MAX_CREDITS_PER_ANSWER: "0" })).toThrow(/AGENT_MAX_CREDITS/);
      expect(() => readConfig({ ...base, AGENT_STUCK_REPEATS: "1" })).toThrow(/AGENT_STUCK_REPEATS/);
    });
  });
});
