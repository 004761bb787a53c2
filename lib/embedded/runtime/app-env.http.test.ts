import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { ChatApp, ChatWithUsage, Preview } from "@/lib/api";
import { DeploymentV1 } from "@/lib/api/schemas/v1";
import type { PreviewListener } from "../preview/listener";
import { bwrapUnavailable, killAll } from "../sandbox/test-support";
import type { EmbeddedService } from "../service";
import { call, expectSchema, waitFor } from "../test-support";
import { askPreview, startPreviewService, type PreviewTarget } from "./test-support";

/**
 * A project's environment variables in its chats' running apps and their deployments' builds (issue 41,
 * docs/app-runtime.md "The project's variables"): an app answers with the value it was given, a change of the
 * variables starts it again with the new one, a build writes one into its page; `PORT`, `HOST`, `LD_PRELOAD`,
 * `NODE_OPTIONS` and `BASH_ENV` named by the project are not given (the sandbox's and the runtime's own win).
 */
const MARK = `atelier-appenv-${process.pid}-${Date.now()}`;
const cacheDir = mkdtempSync(path.join(tmpdir(), "atelier-appenv-cache-"));
const Deployment = z.strictObject(DeploymentV1.shape);

/** What the app and the build report: the variables the test is about, as they see them. */
const SEEN = `JSON.stringify(Object.fromEntries(["GREETING", "PORT", "HOST", "LD_PRELOAD", "NODE_OPTIONS", "BASH_ENV", "NODE_ENV"].map((k) => [k, process.env[k] ?? null])))`;
const SERVER = `// ${MARK}
require("node:http").createServer((req, res) => res.end(${SEEN})).listen(Number(process.env.PORT), process.env.HOST);
`;
const BUILD = `// ${MARK}
require("node:fs").mkdirSync("dist", { recursive: true });
require("node:fs").writeFileSync("dist/index.html", ${SEEN});
`;
const files = [
  {
    name: "package.json",
    content: JSON.stringify({
      name: "app",
      scripts: { start: "node server.js", build: "node build.js" },
    }),
  },
  { name: "server.js", content: SERVER },
  { name: "build.js", content: BUILD },
];

let svc: EmbeddedService;
let listener: PreviewListener;

beforeAll(async () => {
  ({ svc, listener } = await startPreviewService((port) => ({
    deploymentBuildMs: 0,
    appRuntime: { settings: { cacheDir, startTimeoutMs: 20_000 }, ownPorts: [port] },
  })));
});
afterAll(async () => {
  await svc?.close();
  await listener?.close();
  killAll(MARK);
  rmSync(cacheDir, { recursive: true, force: true });
});

async function ok(method: string, url: string, body?: unknown) {
  const res = await call(svc, method, url, body === undefined ? {} : { body });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return res.body as Record<string, unknown>;
}

/** A chat of these files in a new project with these variables. */
async function chatInProject(vars: Record<string, string>) {
  const project = await ok("POST", "/v1/projects", { name: "Env" });
  const projectId = project.id as string;
  const created = (await ok("POST", `/v1/projects/${projectId}/env-vars`, {
    environmentVariables: Object.entries(vars).map(([key, value]) => ({ key, value })),
  })) as { data: { id: string; key: string }[] };
  const chat = expectSchema(ChatWithUsage, await ok("POST", "/v2/chats/from-files", { files })).chat;
  await ok("POST", `/v1/projects/${projectId}/assign`, { chatId: chat.id });
  const preview = expectSchema(Preview, await ok("GET", `/v2/chats/${chat.id}/preview`))!;
  const host = new URL(preview.url).host;
  return { projectId, vars: created.data, chatId: chat.id, port: listener.port, host, token: preview.token! };
}

const ask = (chat: PreviewTarget) => askPreview(chat, "/");

/** The app's answer once it serves (its state page answers 503 meanwhile), parsed. */
const served = (chat: PreviewTarget, until: (seen: Record<string, string | null>) => boolean) =>
  waitFor(async () => {
    const res = await ask(chat);
    if (res.status === 200) {
      const seen = JSON.parse(res.body) as Record<string, string | null>;
      if (until(seen)) return seen;
    }
    await new Promise((r) => setTimeout(r, 200));
    return undefined;
  }, 60_000);

const RESERVED = {
  PORT: "9999",
  HOST: "0.0.0.0",
  LD_PRELOAD: "/app/evil.so",
  NODE_OPTIONS: "--require=/app/evil.js",
  BASH_ENV: "/app/evil.sh",
};

describe.skipIf(bwrapUnavailable)("a project's environment variables in its apps", () => {
  test("the running app sees the project's variables, never in place of the sandbox's own", async () => {
    const chat = await chatInProject({ GREETING: `hello ${MARK}`, ...RESERVED });
    const seen = await served(chat, () => true);
    expect(seen).toEqual({
      GREETING: `hello ${MARK}`,
      PORT: "3000",
      HOST: "127.0.0.1",
      LD_PRELOAD: null,
      NODE_OPTIONS: null,
      BASH_ENV: null,
      NODE_ENV: "development",
    });
    const app = expectSchema(ChatApp, await ok("GET", `/v2/chats/${chat.chatId}/app`));
    // Its log says which were left out.
    const left = /the project's variables (.*) are not given to the app/.exec(app.log)?.[1]?.split(", ");
    expect(left?.sort()).toEqual(Object.keys(RESERVED).sort());

    // A change of the project's variables starts the app again with them.
    const greeting = chat.vars.find((v) => v.key === "GREETING")!;
    await ok("PATCH", `/v1/projects/${chat.projectId}/env-vars`, {
      environmentVariables: [{ id: greeting.id, value: `changed ${MARK}` }],
    });
    expect((await served(chat, (s) => s.GREETING === `changed ${MARK}`)).PORT).toBe("3000");
    expect(expectSchema(ChatApp, await ok("GET", `/v2/chats/${chat.chatId}/app`)).log).toContain(
      "the project's environment variables changed",
    );
    await ok("POST", `/v2/chats/${chat.chatId}/app/stop`);
  }, 120_000);

  test("a deployment's build sees the project's variables, not the reserved ones", async () => {
    const chat = await chatInProject({ GREETING: `built ${MARK}`, ...RESERVED });
    const versions = (await ok("GET", `/v1/chats/${chat.chatId}/versions`)) as { data: { id: string }[] };
    const created = expectSchema(
      Deployment,
      await ok("POST", "/v1/deployments", { chatId: chat.chatId, versionId: versions.data[0]!.id }),
    );
    const done = await waitFor(async () => {
      const d = expectSchema(Deployment, await ok("GET", `/v1/deployments/${created.id}`));
      return d.status === "pending" ? undefined : d;
    }, 90_000);
    expect(done.status).toBe("ready");
    const page = await svc.handle(new Request(created.webUrl));
    // The page as the build wrote it (the site's own script may be put before it).
    const written = /\{"GREETING".*\}/.exec(await page.text())?.[0] ?? "null";
    expect(JSON.parse(written)).toEqual({
      GREETING: `built ${MARK}`,
      PORT: null,
      HOST: null,
      LD_PRELOAD: null,
      NODE_OPTIONS: null,
      BASH_ENV: null,
      NODE_ENV: "production",
    });
  }, 120_000);
});
