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
