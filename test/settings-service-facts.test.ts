import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serviceFacts } from "@/app/(dashboard)/settings/service-facts";
import { readConfig, type AppConfig } from "@/lib/server/config";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "atelier-settings-"));
const secretsOf = (c: AppConfig) =>
  [c.serviceApiKey, c.dashboardPassword, c.authSecret, c.embeddedSecretKey].filter((s) => s.length >= 4);

describe("settings page: what it says about the service", () => {
  it("embedded: its base URL under APP_URL, the storage kind and the client metadata URL; no secret", () => {
    const config = readConfig({ DATA_DIR: dataDir(), APP_URL: "http://127.0.0.1:3100" });
    const facts = serviceFacts(config);
    expect(facts).toEqual({
      embedded: true,
      label: "Embedded service",
      baseUrl: "http://127.0.0.1:3100/svc",
      storage: "PGlite in DATA_DIR",
      clientMetadataUrl: "http://127.0.0.1:3100/svc/oauth/client-metadata.json",
      mcpUrl: "http://127.0.0.1:3100/svc/mcp",
      appUrl: "http://127.0.0.1:3100",
      agent: { kind: "scripted" },
      wire: "spec",
    });
    const json = JSON.stringify(facts);
    for (const secret of secretsOf(config)) expect(json).not.toContain(secret);
  });

  it("EMBEDDED_WIRE=document is shown; another value stops the start with a message naming it", () => {
    expect(serviceFacts(readConfig({ DATA_DIR: dataDir(), EMBEDDED_WIRE: "document" })).wire).toBe("document");
    expect(() => readConfig({ DATA_DIR: dataDir(), EMBEDDED_WIRE: "v0" })).toThrow(/EMBEDDED_WIRE must be/);
  });

  it("a model-backed agent: its API address (credentials stripped) and model names; never AGENT_API_KEY", () => {
    const config = readConfig({
      DATA_DIR: dataDir(),
      AGENT_BASE_URL: "http://user:pw-in-url@127.0.0.1:11434/v1",
      AGENT_MODEL: "qwen2.5-coder:7b",
      AGENT_MODELS: "svc-mini=qwen2.5-coder:1.5b",
      AGENT_API_KEY: "sk-agent-secret-42",
    });
    const facts = serviceFacts(config);
    expect(facts.agent).toEqual({
      kind: "model",
      baseUrl: "http://127.0.0.1:11434/v1",
      model: "qwen2.5-coder:7b",
      models: { "svc-mini": "qwen2.5-coder:1.5b" },
      commands: { enabled: false },
    });
    const json = JSON.stringify(facts);
    for (const secret of ["sk-agent-secret-42", "pw-in-url"]) expect(json).not.toContain(secret);
  });

  it("the agent's commands: in the sandbox with its network and limits (each with its variable), or a warning without one", () => {
    const base = { DATA_DIR: dataDir(), AGENT_BASE_URL: "http://127.0.0.1:11434/v1", AGENT_MODEL: "m" };
    const sandboxed = serviceFacts(
      readConfig({
        ...base,
        AGENT_ALLOW_COMMANDS: "1",
        AGENT_COMMAND_MEMORY_MB: "512",
        AGENT_COMMAND_NETWORK: "public",
        AGENT_COMMAND_HOSTS: "registry.npmjs.org",
      }),
    ).agent;
    expect(sandboxed).toMatchObject({
      commands: {
        enabled: true,
        backend: "bubblewrap",
        network: "only registry.npmjs.org, through the server's proxy (never this machine or its private network)",
      },
    });
    const limits = (sandboxed as { commands: { limits: Array<{ label: string; value: string; variable: string }> } })
      .commands.limits;
    expect(limits.map((l) => `${l.label}: ${l.value} (${l.variable})`)).toEqual([
      "Time: 60 s (AGENT_COMMAND_TIMEOUT_MS)",
      "CPU: 60 s per process (AGENT_COMMAND_CPU_S)",
      "Memory: 512 MB per process (AGENT_COMMAND_MEMORY_MB)",
      "Processes: 256 (AGENT_COMMAND_PROCESSES)",
      "File size: 256 MB (AGENT_COMMAND_FILE_SIZE_MB)",
      "Open files: 1024 per process (AGENT_COMMAND_OPEN_FILES)",
      "Output kept: 200,000 characters (AGENT_COMMAND_OUTPUT_CHARS)",
    ]);
    const none = serviceFacts(readConfig({ ...base, AGENT_ALLOW_COMMANDS: "1", AGENT_COMMAND_SANDBOX: "none" })).agent;
    expect(none).toMatchObject({
      commands: { enabled: true, backend: "none", network: "this server's own (no sandbox)" },
    });
  });

  it("external: the upstream host and base URL; the DATABASE_URL (with its password) and the key never appear", () => {
    const config = readConfig({
      DATA_DIR: dataDir(),
      SERVICE_BASE_URL: "https://api.example.com/v0",
      SERVICE_API_KEY: "sk_live_very_secret_123",
      DATABASE_URL: "postgres://atelier:db-password-9@db.internal/atelier",
    });
    const facts = serviceFacts(config);
    expect(facts).toMatchObject({
      embedded: false,
      label: "api.example.com",
      baseUrl: "https://api.example.com/v0",
      storage: null,
      clientMetadataUrl: null,
      mcpUrl: null,
      agent: null,
    });
    const json = JSON.stringify(facts);
    for (const secret of [...secretsOf(config), "db-password-9", "db.internal"]) expect(json).not.toContain(secret);
  });
});
