import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { type ServiceClientV1 } from "@/lib/api/client-v1";
import { DeploymentErrorsV1, DeploymentV1 } from "@/lib/api/schemas/v1";
import { bwrapUnavailable, killAll } from "../sandbox/test-support";
import type { EmbeddedService } from "../service";
import { call, expectSchema, serviceClientV1, startService, waitFor } from "../test-support";

/**
 * Deployments of runnable apps (issue 41), over HTTP with the app runtime on: a chat whose package.json has a `build`
 * script is built in the real bubblewrap sandbox and its output folder published; zero-dependency apps whose build
 * is a Node script, so no registry is needed.
 */
const MARK = `atelier-build-${process.pid}-${Date.now()}`;
const SECRET = `server-secret-${MARK}`;
const outside = mkdtempSync(path.join(tmpdir(), "atelier-build-outside-"));
const cacheDir = mkdtempSync(path.join(tmpdir(), "atelier-build-cache-"));
const Deployment = z.strictObject(DeploymentV1.shape);

let svc: EmbeddedService;
let client: ServiceClientV1;
/** A port of this machine (the server's side) a build must not reach. */
let guarded: net.Server;
let guardedPort = 0;
let reached = 0;

beforeAll(async () => {
  process.env.ATELIER_TEST_BUILD_SECRET = SECRET;
  guarded = net.createServer((socket) => {
    reached++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => guarded.listen(0, "127.0.0.1", resolve));
  guardedPort = (guarded.address() as net.AddressInfo).port;
  svc = await startService({
    deploymentBuildMs: 0,
    appRuntime: { settings: { cacheDir, limits: { diskMb: 4 }, diskCheckMs: 200 }, ownPorts: [guardedPort] },
  });
  client = serviceClientV1(svc);
});
afterAll(async () => {
  await svc?.close();
  guarded?.close();
  delete process.env.ATELIER_TEST_BUILD_SECRET;
  killAll(MARK);
  rmSync(outside, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
});

/** A zero-dependency app: a dev server (never run here) and `build` running build.js. */
const app = (build: string, extra: { name: string; content: string }[] = []) => [
  {
    name: "package.json",
    content: JSON.stringify({ name: "app", scripts: { dev: "node server.js", build: "node build.js" } }),
  },
  { name: "server.js", content: "require('node:http').createServer((q, s) => s.end('dev')).listen(process.env.PORT);" },
  { name: "build.js", content: `// ${MARK}\nconst fs = require("node:fs");\n${build}` },
  ...extra,
];

async function deployChat(files: { name: string; content: string }[]) {
  const chat = await client.createChat({ type: "files", files, initialContext: "App" });
  const res = await call(svc, "POST", "/v1/deployments", {
    body: { chatId: chat.id, versionId: chat.latestVersion!.id },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(Deployment, res.body);
}

const settled = (id: string) =>
  waitFor(async () => {
    const d = expectSchema(Deployment, (await call(svc, "GET", `/v1/deployments/${id}`)).body);
    return d.status === "pending" ? undefined : d;
  }, 60_000);

const site = (url: string) => svc.handle(new Request(url));
const logTexts = async (id: string) => (await client.deploymentLogs(id)).logs.map((l) => l.text);
const errorsOf = async (id: string) =>
  expectSchema(DeploymentErrorsV1, (await call(svc, "GET", `/v1/deployments/${id}/errors`)).body);

describe.skipIf(bwrapUnavailable)("deployments of runnable apps, built in the sandbox", () => {
  test("the build script runs and its dist/ is the site; the sources are not published", async () => {
    const created = await deployChat(
      app(
        `
fs.mkdirSync("dist/assets", { recursive: true });
fs.writeFileSync("dist/index.html", "<h1>" + fs.readFileSync("title.txt", "utf8").trim() + " (" + process.env.NODE_ENV + ")</h1>");
fs.writeFileSync("dist/assets/app.js", "console.log('built')");
console.log("built 2 files");
`,
        [{ name: "title.txt", content: "Built by its script\n" }],
      ),
    );
    expect(created.status).toBe("pending");
    // Still building: not served yet.
    expect((await site(created.webUrl)).status).toBe(404);
    const done = await settled(created.id);
    expect(done.status, JSON.stringify(await errorsOf(created.id))).toBe("ready");
    const page = await site(created.webUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1>Built by its script (production)</h1>");
    const asset = await site(`${created.webUrl}assets/app.js`);
    expect(await asset.text()).toBe("console.log('built')");
    for (const source of ["build.js", "package.json", "dist/index.html"])
      expect((await site(`${created.webUrl}${source}`)).status).toBe(404);
    const logs = await logTexts(created.id);
    expect(logs).toContain("$ npm run build");
    expect(logs).toContain("built 2 files");
    expect(logs).toContainEqual(expect.stringMatching(/^Build completed: 2 files \(\d+ bytes\) from dist\/$/));
    expect(logs.at(-1)).toBe("Deployment ready");
    expect(await errorsOf(created.id)).toEqual({});
  });

  test("a site built with root-absolute asset URLs (Vite's default base) loads them under its sub-path", async () => {
    const created = await deployChat(
      app(`
fs.mkdirSync("dist/assets", { recursive: true });
fs.writeFileSync("dist/index.html", '<link rel="stylesheet" href="/assets/app.css"><script type="module" src="/assets/app.js"></script><a href="/api/x">api</a>');
fs.writeFileSync("dist/assets/app.js", "console.log('root-absolute')");
fs.writeFileSync("dist/assets/app.css", "body{background:url(/assets/bg.svg)}");
fs.writeFileSync("dist/assets/bg.svg", "<svg/>");
`),
    );
    expect((await settled(created.id)).status).toBe("ready");
    const page = await (await site(created.webUrl)).text();
    expect(page).toContain('<link rel="stylesheet" href="./assets/app.css">');
    expect(page).toContain('src="./assets/app.js"');
    // A route of no file of the site is left alone.
    expect(page).toContain('<a href="/api/x">');
    // Each URL, resolved against the page's, is the site's own file.
    const script = new URL("./assets/app.js", created.webUrl).toString();
    expect(await (await site(script)).text()).toBe("console.log('root-absolute')");
    const css = await (await site(new URL("./assets/app.css", created.webUrl).toString())).text();
    expect(css).toBe("body{background:url(../assets/bg.svg)}");
    expect(
      (await site(new URL("../assets/bg.svg", new URL("./assets/app.css", created.webUrl)).toString())).status,
    ).toBe(200);
  });

  test("a failing build fails the deployment with its log", async () => {
    const created = await deployChat(
      app(`console.error("src/main.ts(3,1): error TS1005: ';' expected."); process.exit(2);`),
    );
    const done = await settled(created.id);
    expect(done.status).toBe("error");
    const errors = await errorsOf(created.id);
    expect(errors.errorType).toBe("build_failed");
    expect(errors.fullErrorText).toContain("The build failed (exit code 2).");
    expect(errors.fullErrorText).toContain("error TS1005");
    // The reason alone for the toast and the log's heading; the log's end only in the full text.
    expect(errors.formattedError).toBe("Error: The build failed (exit code 2).");
    const logs = (await client.deploymentLogs(created.id)).logs;
    expect(logs.map((l) => l.text)).toContain("src/main.ts(3,1): error TS1005: ';' expected.");
    expect(logs.filter((l) => l.level === "error").map((l) => l.text)).toEqual([
      "Error: The build failed (exit code 2).",
      "Build failed",
    ]);
    expect((await site(created.webUrl)).status).toBe(404);
  });

  test("a build that writes no output folder, or one without index.html, fails saying so", async () => {
    const none = await deployChat(app(`console.log("nothing to write");`));
    const noIndex = await deployChat(app(`fs.mkdirSync("build"); fs.writeFileSync("build/app.js", "1");`));
    expect((await settled(none.id)).status).toBe("error");
    expect(await errorsOf(none.id)).toMatchObject({ errorType: "missing_output" });
    expect((await errorsOf(none.id)).fullErrorText).toContain("none of dist/, build/, out/ exists");
    expect((await settled(noIndex.id)).status).toBe("error");
    expect(await errorsOf(noIndex.id)).toMatchObject({ errorType: "missing_index" });
    expect((await errorsOf(noIndex.id)).fullErrorText).toContain("build/ has no index.html");
  });

  test("a build cannot write outside its copy, read the server's environment or reach its ports", async () => {
    const escaped = path.join(outside, "escaped.txt");
    const created = await deployChat(
      app(`
const tries = {};
const attempt = (name, fn) => { try { tries[name] = "ok " + String(fn()).slice(0, 200); } catch (e) { tries[name] = "refused " + e.code; } };
attempt("outside", () => { fs.mkdirSync(${JSON.stringify(outside)}, { recursive: true }); fs.writeFileSync(${JSON.stringify(escaped)}, "x"); return fs.existsSync(${JSON.stringify(escaped)}); });
attempt("parent", () => fs.writeFileSync("../escaped.txt", "x"));
attempt("serverEnviron", () => fs.readFileSync("/proc/${process.pid}/environ", "utf8"));
tries.env = JSON.stringify(process.env);
const net = require("node:net");
const socket = net.connect(${guardedPort}, "127.0.0.1");
socket.on("connect", () => finish("reached"));
socket.on("error", (e) => finish("refused " + e.code));
function finish(reach) {
  tries.reach = reach;
  fs.mkdirSync("dist", { recursive: true });
  fs.writeFileSync("dist/index.html", "<pre>" + JSON.stringify(tries) + "</pre>");
}
`),
    );
    const done = await settled(created.id);
    expect(done.status, JSON.stringify(await errorsOf(created.id))).toBe("ready");
    const page = await (await site(created.webUrl)).text();
    const tries = JSON.parse(/<pre>(.*)<\/pre>/s.exec(page)![1]!) as Record<string, string>;
    // Its own /tmp is not the server's: whatever it wrote there is gone with the sandbox.
    expect(existsSync(escaped)).toBe(false);
    expect(tries.parent).toMatch(/^refused/);
    expect(tries.serverEnviron).toMatch(/^refused/);
    expect(tries.reach).toMatch(/^refused/);
    expect(reached).toBe(0);
    expect(page).not.toContain(SECRET);
    expect(JSON.parse(tries.env!)).toMatchObject({ NODE_ENV: "production", HOME: "/home/user" });
  });

  test("at most two builds run at once on an instance; the next one waits its turn, saying so, then is built", async () => {
    const slow = (n: number) =>
      app(`setTimeout(() => { fs.mkdirSync("dist"); fs.writeFileSync("dist/index.html", "site ${n}"); }, 1500);`);
    const first = await deployChat(slow(1));
    const second = await deployChat(slow(2));
    const third = await deployChat(slow(3));
    for (const [i, d] of [first, second, third].entries()) {
      expect((await settled(d.id)).status).toBe("ready");
      expect(await (await site(d.webUrl)).text()).toContain(`site ${i + 1}`);
    }
    expect(await logTexts(first.id)).not.toContainEqual(expect.stringContaining("Waiting for a turn"));
    expect(await logTexts(third.id)).toContain("Waiting for a turn: at most 2 builds at a time on this instance");
  });

  test("a build over its disk limit (APP_DISK_MB) fails saying so", async () => {
    const created = await deployChat(
      app(
        `fs.mkdirSync("dist"); fs.writeFileSync("dist/index.html", "x"); fs.writeFileSync("dist/big.bin", Buffer.alloc(6 * 1024 * 1024, 1));`,
      ),
    );
    expect((await settled(created.id)).status).toBe("error");
    const errors = await errorsOf(created.id);
    expect(errors.errorType).toBe("build_failed");
    expect(errors.fullErrorText).toMatch(
      /^The build was stopped: it is over its disk limit of 4 MB \(APP_DISK_MB\): its copy and HOME use \d+ MB\./,
    );
  });
});
