import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChatApp, ChatWithUsage, ErrorV2, type Privacy } from "@/lib/api";
import { addPerson, callAs, type TestPerson } from "../people/test-people";
import { bwrapUnavailable, killAll, processesWith } from "../sandbox/test-support";
import { expectSchema, serviceForFile, waitFor } from "../test-support";
import { RUNTIME_OFF } from "./view";

/**
 * A chat's app over the wire (issue 41, our extension: GET /v2/chats/{chatId}/app, POST …/app/restart and …/app/stop),
 * what the Preview tab shows: the state and the log's end of a zero-dependency Node app run in the bubblewrap sandbox
 * (no registry needed), Restart and Stop, the answers with the runtime off or files that are not an app (runnable
 * false, not an error), bad input, and the privacy rules (a reader may look but not restart or stop: 403; a person
 * who may not read the chat gets 404, as for an unknown chat).
 */
const MARK = `atelier-appwire-${process.pid}-${Date.now()}`;
const cacheDir = mkdtempSync(path.join(tmpdir(), "atelier-appwire-cache-"));
afterAll(() => {
  killAll(MARK);
  rmSync(cacheDir, { recursive: true, force: true });
});

const svc = serviceForFile({ appRuntime: { settings: { cacheDir, idleStopMs: 600_000, startTimeoutMs: 20_000 } } });
const off = serviceForFile();
// APP_RUNTIME=auto on a server whose sandbox does not work (app/_wiring/command-sandbox.ts): its own reason.
const unavailable = serviceForFile({ appRuntimeOff: "No sandbox on this server: its log at start says why." });

const server = (body: string) => `
// ${MARK}
const http = require("node:http");
${body}
console.log("listening on", process.env.PORT);
http.createServer((req, res) => res.end("ok")).listen(Number(process.env.PORT), process.env.HOST);
`;
const appFiles = (body = "") => [
  { name: "package.json", content: JSON.stringify({ name: "app", scripts: { start: `node ${MARK}.js` } }) },
  { name: `${MARK}.js`, content: server(body) },
];

type Files = Array<{ name: string; content: string }>;
async function newChat(s: typeof svc, files: Files, opts: { key?: string; privacy?: Privacy } = {}): Promise<string> {
  const res = await callAs(s, { key: opts.key }, "POST", "/v2/chats/from-files", { files, privacy: opts.privacy });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ChatWithUsage, res.body).chat.id;
}
const appOf = async (s: typeof svc, chatId: string, key?: string) => {
  const res = await callAs(s, { key }, "GET", `/v2/chats/${chatId}/app`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ChatApp, res.body);
};
const post = (s: typeof svc, chatId: string, action: "restart" | "stop", key?: string) =>
  callAs(s, { key }, "POST", `/v2/chats/${chatId}/app/${action}`);
const until = (chatId: string, check: (app: ChatApp) => boolean, timeoutMs = 30_000) =>
  waitFor(async () => {
    const app = await appOf(svc, chatId);
    return check(app) ? app : undefined;
  }, timeoutMs);

describe("with the runtime off", () => {
  test("an app's chat answers enabled and runnable false, and Restart and Stop change nothing", async () => {
    const chatId = await newChat(off, appFiles());
    const none = { enabled: false, runnable: false, state: null, log: "", updatedAt: null };
    expect(await appOf(off, chatId)).toMatchObject({ ...none, reason: RUNTIME_OFF });
    expect(await appOf(unavailable, await newChat(unavailable, appFiles()))).toMatchObject({
      ...none,
      reason: "No sandbox on this server: its log at start says why.",
    });
    const files = await newChat(off, [{ name: "index.html", content: "<h1>x</h1>" }]);
    expect(await appOf(off, files)).toMatchObject({ ...none, reason: null });
    for (const action of ["restart", "stop"] as const) {
      const res = await post(off, chatId, action);
      expect(res.status).toBe(200);
      expect(expectSchema(ChatApp, res.body)).toMatchObject(none);
    }
  });
});

describe("bad input", () => {
  test("an unknown chat is 404 in the v2 error shape; another method 405", async () => {
    for (const [method, at] of [
      ["GET", "/v2/chats/chat_nosuchchat/app"],
      ["POST", "/v2/chats/chat_nosuchchat/app/restart"],
      ["POST", "/v2/chats/chat_nosuchchat/app/stop"],
      ["GET", "/v2/chats/not%20an%20id/app"],
    ] as const) {
      const res = await callAs(svc, {}, method, at);
      expect(res.status, at).toBe(404);
      expectSchema(ErrorV2, res.body);
    }
    const chatId = await newChat(svc, [{ name: "index.html", content: "<h1>x</h1>" }]);
    expect((await callAs(svc, {}, "GET", `/v2/chats/${chatId}/app/restart`)).status).toBe(405);
    expect((await callAs(svc, {}, "DELETE", `/v2/chats/${chatId}/app`)).status).toBe(405);
  });
});

describe.skipIf(bwrapUnavailable)("with the runtime on", () => {
  test("files that are not an app: runnable false, with why when they look like one; Restart starts nothing", async () => {
    const plain = await newChat(svc, [{ name: "index.html", content: "<h1>static</h1>" }]);
    expect(await appOf(svc, plain)).toMatchObject({ enabled: true, runnable: false, reason: null, state: null });
    const broken = await newChat(svc, [{ name: "package.json", content: "{ not json" }]);
    const app = await appOf(svc, broken);
    expect(app).toMatchObject({ enabled: true, runnable: false, state: null });
    expect(app.reason).toContain("not valid JSON");
    const res = await post(svc, broken, "restart");
    expect(res.status).toBe(200);
    expect(expectSchema(ChatApp, res.body)).toMatchObject({ runnable: false, state: null });
  });

  test("an app: never started, Restart starts it, its log; a crash with its log; Restart; Stop ends its processes", async () => {
    const chatId = await newChat(svc, appFiles());
    expect(await appOf(svc, chatId)).toMatchObject({ enabled: true, runnable: true, script: "start", state: null });

    const started = expectSchema(ChatApp, (await post(svc, chatId, "restart")).body);
    expect(started.state).toMatch(/^(installing|starting|running)$/);
    const running = await until(chatId, (a) => a.state === "running");
    expect(running.log).toContain("$ start");
    expect(running.log).toContain("listening on 3000");
    expect(running.updatedAt).not.toBeNull();
    expect(processesWith(MARK).length).toBeGreaterThan(0);

    // A hand edit that throws: the start server starts again with it and crashes.
    const edit = await callAs(svc, {}, "PATCH", `/v2/chats/${chatId}/files`, {
      files: [{ path: `${MARK}.js`, content: server(`throw new Error("boom ${MARK}");`) }],
    });
    expect(edit.status).toBe(200);
    const crashed = await until(chatId, (a) => a.state === "crashed");
    expect(crashed).toMatchObject({ failedStep: "run", exitCode: 1 });
    expect(crashed.message).toContain("exited with code 1");
    expect(crashed.log).toContain(`boom ${MARK}`);

    // Restart runs the same files again: crashed again, the log anew.
    const restarted = expectSchema(ChatApp, (await post(svc, chatId, "restart")).body);
    expect(restarted.state).not.toBe("crashed");
    expect((await until(chatId, (a) => a.state === "crashed")).log).toContain(`boom ${MARK}`);

    await callAs(svc, {}, "PATCH", `/v2/chats/${chatId}/files`, {
      files: [{ path: `${MARK}.js`, content: server("") }],
    });
    await until(chatId, (a) => a.state === "running");

    const stopped = await post(svc, chatId, "stop");
    expect(stopped.status).toBe(200);
    expect(expectSchema(ChatApp, stopped.body)).toMatchObject({ state: "stopped", stopReason: "person" });
    await waitFor(async () => (processesWith(MARK).length === 0 ? true : undefined), 20_000);
    expect(await appOf(svc, chatId)).toMatchObject({ state: "stopped", stopReason: "person", runnable: true });
    // Stop again: nothing to stop, the same answer.
    expect(expectSchema(ChatApp, (await post(svc, chatId, "stop")).body)).toMatchObject({ state: "stopped" });
  }, 120_000);

  test("a failed install: crashed at the install step, npm's output in the log; stopped, no failure in its state", async () => {
    const chatId = await newChat(svc, [
      {
        name: "package.json",
        content: JSON.stringify({ scripts: { dev: "node server.js" }, dependencies: { bad: "not a version!" } }),
      },
      { name: "server.js", content: server("") },
    ]);
    await post(svc, chatId, "restart");
    const app = await until(chatId, (a) => a.state === "crashed", 60_000);
    expect(app.failedStep).toBe("install");
    expect(app.message).toContain("The install failed");
    expect(app.log).toContain("npm install");
    // Stopped, the earlier failure is history: the log keeps it, the state no longer says it.
    const stopped = expectSchema(ChatApp, (await post(svc, chatId, "stop")).body);
    expect(stopped).toMatchObject({ state: "stopped", message: null, failedStep: null, exitCode: null });
    expect(stopped.log).toContain("npm install");
  }, 90_000);

  test("the log on the wire is the end of the log, at most 16 K characters from a line's start", async () => {
    // Each line says where it starts and ends ("[[line 12 xx…]]"): a line cut at its start would lack its "[[".
    const chatId = await newChat(
      svc,
      appFiles(`for (let i = 0; i < 2000; i++) console.log("[[line " + i + " ${"x".repeat(40)}]]");`),
    );
    await post(svc, chatId, "restart");
    const app = await until(chatId, (a) => a.state === "running" && a.log.includes("listening on 3000"));
    const shown = `the log on the wire begins: ${JSON.stringify(app.log.slice(0, 300))}`;
    expect(app.log.length, shown).toBeLessThanOrEqual(16 * 1024);
    expect(app.log.length, shown).toBeGreaterThan(15 * 1024);
    const lines = app.log.split("\n");
    expect(lines.filter((line) => /^\[\[line \d+ x{40}\]\]$/.test(line)).length, shown).toBeGreaterThan(250);
    // Whole lines only: none ends as the app's lines do without starting as they do.
    for (const line of lines) if (line.endsWith("]]")) expect(line, shown).toMatch(/^\[\[line \d+ x{40}\]\]$/);
    expect(lines.at(-2)).toBe("listening on 3000");
    await post(svc, chatId, "stop");
  }, 60_000);
});

describe.skipIf(bwrapUnavailable)("a hand edit reaches the running app at once", () => {
  // The runtime's own look at the files, hourly here: only the edit's request can have handed them over.
  const slow = serviceForFile({ appRuntime: { settings: { cacheDir, startTimeoutMs: 20_000 }, syncMs: 3_600_000 } });

  test("the app's copy gets the edit when its request is answered, not at the runtime's next look", async () => {
    const chatId = await newChat(slow, appFiles(`console.log("version one");`));
    await post(slow, chatId, "restart");
    await waitFor(async () => ((await appOf(slow, chatId)).state === "running" ? true : undefined), 30_000);
    const edit = await callAs(slow, {}, "PATCH", `/v2/chats/${chatId}/files`, {
      files: [{ path: `${MARK}.js`, content: server(`console.log("version two");`) }],
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    // A `start` server starts again with its changed code (apps.ts): its log says the new version.
    const app = await waitFor(async () => {
      const now = await appOf(slow, chatId);
      return now.state === "running" && now.log.includes("version two") ? now : undefined;
    }, 20_000);
    expect(app.log).not.toContain("version one");
    await post(slow, chatId, "stop");
  }, 60_000);
});

describe.skipIf(bwrapUnavailable)("privacy: a reader may look, only a writer restarts or stops", () => {
  let author: TestPerson;
  let member: TestPerson;
  let viewer: TestPerson;
  beforeAll(async () => {
    author = await addPerson(svc, `author-${MARK}@example.com`, "member");
    member = await addPerson(svc, `member-${MARK}@example.com`, "member");
    viewer = await addPerson(svc, `viewer-${MARK}@example.com`, "viewer");
  });

  test("someone else's private chat is 404 as an unknown chat (a viewer's write: 403 for the role); nothing starts", async () => {
    const chatId = await newChat(svc, appFiles(), { key: author.key, privacy: "private" });
    const unknown = await callAs(svc, { key: member.key }, "GET", "/v2/chats/chat_nosuchchat/app");
    for (const who of [member, viewer]) {
      const read = await callAs(svc, { key: who.key }, "GET", `/v2/chats/${chatId}/app`);
      expect(read.status).toBe(404);
      expect(JSON.stringify(read.body)).toBe(JSON.stringify(unknown.body).replaceAll("chat_nosuchchat", chatId));
      for (const action of ["restart", "stop"] as const)
        expect((await post(svc, chatId, action, who.key)).status, `${who.role} ${action}`).toBe(
          who === viewer ? 403 : 404,
        );
    }
    expect(await appOf(svc, chatId, author.key)).toMatchObject({ runnable: true, state: null });
  });

  test("a team chat: a member and a viewer read it (200) but Restart and Stop are 403; its author may", async () => {
    const chatId = await newChat(svc, appFiles(), { key: author.key, privacy: "team" });
    for (const who of [member, viewer]) {
      expect((await appOf(svc, chatId, who.key)).runnable).toBe(true);
      for (const action of ["restart", "stop"] as const) {
        const res = await post(svc, chatId, action, who.key);
        expect(res.status, `${who.role} ${action}`).toBe(403);
        expectSchema(ErrorV2, res.body);
      }
    }
    expect((await appOf(svc, chatId, author.key)).state).toBeNull();
    expect((await post(svc, chatId, "restart", author.key)).status).toBe(200);
    await until(chatId, (a) => a.state === "running");
    expect((await post(svc, chatId, "stop", member.key)).status).toBe(403);
    expect((await appOf(svc, chatId, author.key)).state).toBe("running");
    expect((await post(svc, chatId, "stop", author.key)).status).toBe(200);
  }, 60_000);

  test("a team-edit chat: a member may restart and stop; a viewer (role) still may not", async () => {
    const chatId = await newChat(svc, appFiles(), { key: author.key, privacy: "team-edit" });
    expect((await post(svc, chatId, "restart", viewer.key)).status).toBe(403);
    expect((await appOf(svc, chatId, author.key)).state).toBeNull();
    expect((await post(svc, chatId, "restart", member.key)).status).toBe(200);
    await until(chatId, (a) => a.state === "running");
    expect((await post(svc, chatId, "stop", member.key)).status).toBe(200);
    expect((await appOf(svc, chatId, viewer.key)).state).toBe("stopped");
  }, 60_000);
});
