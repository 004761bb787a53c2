import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The rooms of docs/architecture.md are lint rules: these probes (never written to disk) must be refused or allowed. */
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("import boundaries", () => {
  it("refuses lib/server and lib/embedded in components and hooks", async () => {
    expect(
      await restricted(
        "components/chat/probe.tsx",
        'import { auth } from "@/lib/server/auth";\nexport const a = auth;\n',
      ),
    ).toHaveLength(1);
    expect(
      await restricted(
        "lib/hooks/probe.ts",
        'import { Turns } from "../embedded/generation/turns";\nexport const t = Turns;\n',
      ),
    ).toHaveLength(1);
  });

  it("keeps lib/api isomorphic", async () => {
    const messages = await restricted(
      "lib/api/probe.ts",
      'import "server-only";\nimport { readFile } from "node:fs/promises";\nexport const r = readFile;\n',
    );
    expect(messages).toHaveLength(2);
  });

  it("lets only app/_wiring import the embedded service", async () => {
    const code = 'import { createEmbeddedService } from "@/lib/embedded";\nexport const c = createEmbeddedService;\n';
    expect(await restricted("app/api/probe/route.ts", code)).toHaveLength(1);
    expect(await restricted("app/_wiring/probe.ts", code)).toHaveLength(0);
  });

  it("keeps child processes in lib/embedded/sandbox: imported, required or imported on demand elsewhere is refused", async () => {
    const forms = [
      'import { spawn } from "node:child_process";\nexport const s = spawn;\n',
      'import { exec } from "child_process";\nexport const e = exec;\n',
      'export const load = () => import("node:child_process");\n',
      'export const cp = require("child_process");\n',
    ];
    const refusals = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return result!.messages.filter((m) => /lib\/embedded\/sandbox/.test(m.message)).length;
    };
    for (const code of forms) {
      expect(await refusals("lib/embedded/model-agent/probe.ts", code), code).toBe(1);
      expect(await refusals("lib/embedded/probe.ts", code), code).toBe(1);
      expect(await refusals("lib/embedded/sandbox/probe.ts", code), code).toBe(0);
    }
    // Tests may start processes (stand-ins for a server, listeners).
    expect(await refusals("lib/embedded/model-agent/probe.test.ts", forms[0]!)).toBe(0);
    // The sandbox keeps the other rooms' rules.
    expect(
      await restricted(
        "lib/embedded/sandbox/probe.ts",
        'import { auth } from "@/lib/server/auth";\nexport const a = auth;\n',
      ),
    ).toHaveLength(1);
  });

  it("keeps test support (test-*.ts) out of production code", async () => {
    const peer = 'import { startModelHarness } from "./test-peer";\nexport const s = startModelHarness;\n';
    expect(await restricted("lib/embedded/model-agent/probe.ts", peer)).toHaveLength(1);
    const support = 'import { TEST_KEY } from "@/lib/embedded/test-support";\nexport const k = TEST_KEY;\n';
    expect(await restricted("app/_wiring/probe.ts", support)).toHaveLength(1);
    expect(await restricted("components/chat/probe.tsx", support)).toHaveLength(2); // lib/embedded too
    expect(await restricted("lib/embedded/model-agent/probe.test.ts", peer)).toHaveLength(0);
    expect(await restricted("lib/embedded/model-agent/test-probe.ts", support)).toHaveLength(0);
  });

  it("allows what the rooms allow", async () => {
    expect(
      await restricted(
        "components/chat/probe.tsx",
        'import { Chat } from "@/lib/api";\nexport type C = typeof Chat;\n',
      ),
    ).toHaveLength(0);
  });
});

/** The one outbound guard is a lint rule too (scripts/lint/no-unguarded-outbound.mjs): these probes must bite or pass. */
async function unguarded(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "atelier/no-unguarded-outbound").map((m) => m.message);
}

describe("one outbound guard", () => {
  const probe = "lib/embedded/mcp/probe.ts";

  it("refuses the global fetch and its kin in lib/embedded", async () => {
    for (const code of [
      "export const f = (u: string) => fetch(u);\n",
      "export const f = (u: string) => globalThis.fetch(u);\n",
      'export const f = (u: string) => globalThis["fetch"](u);\n',
      "export const w = (u: string) => new WebSocket(u);\n",
      "export const x = () => new XMLHttpRequest();\n",
      "export const send = fetch;\n",
    ])
      expect(await unguarded(probe, code), code).toHaveLength(1);
  });

  it("refuses Node's outgoing requests and undici, however they are imported", async () => {
    for (const code of [
      'import http from "node:http";\nexport const r = (u: string) => http.request(u);\n',
      'import * as https from "https";\nexport const g = (u: string) => https.get(u);\n',
      'import { request } from "node:https";\nexport const r = request;\n',
      'import http from "node:http";\nconst { get } = http;\nexport const g = get;\n',
      'import http from "node:http";\nexport const a = new http.Agent();\n',
      'import { connect } from "node:net";\nexport const c = () => connect(80, "10.0.0.1");\n',
      'import net from "node:net";\nexport const c = () => net.createConnection(80);\n',
      'import tls from "node:tls";\nexport const c = () => tls.connect(443);\n',
      'import http2 from "node:http2";\nexport const c = () => http2.connect("https://x");\n',
      'import { request } from "undici";\nexport const r = request;\n',
      'import { Agent } from "undici";\nexport const a = new Agent();\n',
      'export const u = () => import("undici");\n',
      'const { request } = require("node:http");\nexport const r = request;\n',
    ])
      expect(await unguarded(probe, code), code).toHaveLength(1);
  });

  it("allows servers that listen, types, a local function named fetch, the guard itself and tests", async () => {
    for (const code of [
      'import { createServer } from "node:http";\nexport const s = createServer();\n',
      'import http from "node:http";\nexport const s = http.createServer();\n',
      'import type { Agent } from "undici";\nexport type A = Agent;\n',
      'import type { IncomingMessage } from "node:http";\nexport type M = IncomingMessage;\n',
      "export const f = (fetch: (u: string) => void) => fetch('x');\n",
    ])
      expect(await unguarded(probe, code), code).toHaveLength(0);
    const raw = "export const f = (u: string) => fetch(u);\n";
    expect(await unguarded("lib/embedded/outbound/probe.ts", raw)).toHaveLength(0);
    expect(await unguarded("lib/embedded/mcp/probe.test.ts", raw)).toHaveLength(0);
    // The dashboard is not the embedded service: its own rules apply there.
    expect(await unguarded("lib/server/probe.ts", raw)).toHaveLength(0);
  });
});
