import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOpenAiPeer, type OpenAiPeer } from "@/e2e/peers/openai-peer";
import type { Role } from "@/lib/api/schemas/team";
import { agentTestRoute, testAgentConnection } from "./agent-connection";
import { readConfig, type AppConfig } from "./config";

/** Settings → "Test connection" against the scripted OpenAI-compatible peer (real HTTP). */
let peer: OpenAiPeer;
beforeAll(async () => {
  peer = await startOpenAiPeer({ apiKey: "sk-peer-key", models: ["peer-coder", "peer-small"] });
});
afterAll(() => peer.close());

const APP = "http://127.0.0.1:3100";
const config = (env: Record<string, string> = {}): AppConfig =>
  readConfig({ DATA_DIR: "/tmp/atelier-agent-test", APP_URL: APP, ...env });
const agentOf = (env: Record<string, string>) => config(env).agent!;
const post = (headers: Record<string, string> = { origin: APP }) =>
  new Request(`${APP}/api/agent/test`, { method: "POST", headers });

describe("testAgentConnection", () => {
  it("lists the API's models with the key and names the configured ones it lacks", async () => {
    const report = await testAgentConnection(
      agentOf({
        AGENT_BASE_URL: peer.baseUrl,
        AGENT_MODEL: "peer-coder",
        AGENT_MODELS: "svc-max=peer-huge",
        AGENT_API_KEY: "sk-peer-key",
      }),
    );
    expect(report).toMatchObject({ ok: true, models: ["peer-coder", "peer-small"], missing: ["peer-huge"] });
  });

  it("a wrong key: the HTTP status and a hint, never the key", async () => {
    const report = await testAgentConnection(
      agentOf({ AGENT_BASE_URL: peer.baseUrl, AGENT_MODEL: "peer-coder", AGENT_API_KEY: "sk-wrong-key" }),
    );
    expect(report.ok).toBe(false);
    expect(JSON.stringify(report)).toMatch(/HTTP 401.*AGENT_API_KEY/);
    expect(JSON.stringify(report)).not.toContain("sk-wrong-key");
  });

  it("nothing listening: says it could not be reached", async () => {
    const report = await testAgentConnection(agentOf({ AGENT_BASE_URL: "http://127.0.0.1:9/v1", AGENT_MODEL: "m" }));
    expect(report).toMatchObject({ ok: false, message: expect.stringMatching(/could not be reached/) });
  });
});

describe("POST /api/agent/test", () => {
  const model = { AGENT_BASE_URL: "", AGENT_MODEL: "peer-coder", AGENT_API_KEY: "sk-peer-key" };
  const deps = (
    signedIn: boolean | Role,
    env: Record<string, string> = { ...model, AGENT_BASE_URL: peer.baseUrl },
  ) => ({
    config: config(env),
    role: async () => (signedIn === true ? "admin" : signedIn || null),
  });

  it("needs a session (401), the admin role (403 naming it) and the dashboard's own origin (403)", async () => {
    expect((await agentTestRoute(post(), deps(false))).status).toBe(401);
    const member = await agentTestRoute(post(), deps("member"));
    expect(member.status).toBe(403);
    expect(await member.json()).toEqual({ message: "This needs the admin role; you are a member." });
    expect((await agentTestRoute(post({ origin: "https://evil.example" }), deps(true))).status).toBe(403);
  });

  it("404 while the scripted agent runs; the report otherwise", async () => {
    expect((await agentTestRoute(post(), deps(true, {}))).status).toBe(404);
    const res = await agentTestRoute(post(), deps(true));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, models: ["peer-coder", "peer-small"], missing: [] });
  });
});
