import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig } from "./config";

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

  it("refuses a base URL without a key", () => {
    expect(() => readConfig({ DATA_DIR: tmp(), SERVICE_BASE_URL: "https://api.example.com" })).toThrow(
      /SERVICE_API_KEY/,
    );
  });
});
