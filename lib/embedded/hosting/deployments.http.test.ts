import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { createServiceClientV1, type ServiceClientV1 } from "@/lib/api/client-v1";
import {
  DeploymentDeletedV1,
  DeploymentErrorsV1,
  DeploymentListV1,
  DeploymentLogListV1,
  DeploymentLogV1,
  DeploymentV1,
  ErrorV1,
} from "@/lib/api/schemas/v1";
import type { EmbeddedService } from "../service";
import { BASE, TEST_KEY, call, expectSchema, request, startService, waitFor, serviceClientV1 } from "../test-support";

/** v1 deployments over HTTP: a version's files published at {base_url}/hosting/{id}/, pending → ready | error. */
const BUILD_MS = 150;
let svc: EmbeddedService;
let client: ServiceClientV1;

const Deployment = z.strictObject(DeploymentV1.shape);
const List = z.strictObject({ ...DeploymentListV1.shape, data: z.array(Deployment) });
const Logs = z.strictObject({ ...DeploymentLogListV1.shape, logs: z.array(z.strictObject(DeploymentLogV1.shape)) });

beforeAll(async () => {
  svc = await startService({ deploymentBuildMs: BUILD_MS });
  client = serviceClientV1(svc);
});
afterAll(() => svc.close());

const expectV1Error = (res: { status: number; body: unknown }, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(expectSchema(ErrorV1, res.body).error.code).toBe(code);
};

/** A chat whose first (completed) version holds these files. */
async function chatWithFiles(files: { name: string; content: string }[]) {
  const chat = await client.createChat({ type: "files", files, initialContext: "Site" });
  return { chatId: chat.id, versionId: chat.latestVersion!.id };
}

/** GET a path of the service without the key (the site is public). */
const site = (url: string, method = "GET") => svc.handle(new Request(url, { method }));

async function deploy(body: { chatId: string; versionId: string; projectId?: string }) {
  const res = await call(svc, "POST", "/v1/deployments", { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(Deployment, res.body);
}

const waitSettled = (id: string) =>
  waitFor(async () => {
    const d = expectSchema(Deployment, (await call(svc, "GET", `/v1/deployments/${id}`)).body);
    return d.status === "pending" ? undefined : d;
  });

describe("v1 deployments", () => {
  test("create from a version: pending, then ready; the site serves the snapshot with the preview's sandboxing headers", async () => {
    const { chatId, versionId } = await chatWithFiles([
      { name: "index.html", content: "<h1>Hello deploy</h1>" },
      { name: "css/site.css", content: "h1{color:teal}" },
    ]);
    const created = await deploy({ chatId, versionId });
    expect(created).toMatchObject({ object: "deployment", chatId, versionId, status: "pending" });
    expect(created.id).toMatch(/^dpl_/);
    expect(created.webUrl).toBe(`${BASE}/hosting/${created.id}/`);
    expect(created.apiUrl).toBe(`${BASE}/v1/deployments/${created.id}`);
    expect(created).not.toHaveProperty("projectId");
    // Still building: not served yet.
    expect((await site(created.webUrl)).status).toBe(404);

    const ready = await waitSettled(created.id);
    expect(ready.status).toBe("ready");
    const page = await site(created.webUrl);
    expect(page.status).toBe(200);
    // The page as stored, after the preview's reporter (nonce'd in the page's CSP).
    const html = await page.text();
    const nonce = /^<script nonce="([^"]+)">/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toMatch(/<\/script><h1>Hello deploy<\/h1>$/);
    expect(page.headers.get("content-security-policy")).toContain(`script-src 'nonce-${nonce}'`);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain("sandbox allow-scripts");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    const css = await site(`${created.webUrl}css/site.css`);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(await css.text()).toBe("h1{color:teal}");
    expect((await site(`${created.webUrl}index.html`, "HEAD")).status).toBe(200);
    // Without the trailing slash (the dashboard's server drops it): a redirect to the index, relative links work.
    const bare = await site(created.webUrl.slice(0, -1));
    expect(bare.status).toBe(302);
    expect(new URL(bare.headers.get("location")!, created.webUrl.slice(0, -1)).href).toBe(
      `${created.webUrl}index.html`,
    );
    const css2 = await site(`${created.webUrl}css`);
    expect(css2.status).toBe(404);
    expect((await site(`${created.webUrl}missing.js`)).status).toBe(404);
    expect((await site(`${created.webUrl}%252e%252e/x`)).status).toBe(400);
    expect((await site(created.webUrl, "POST")).status).toBe(405);

    // The typed client reads the same deployment.
    expect(await client.getDeployment(created.id)).toMatchObject({ id: created.id, status: "ready" });
  });

  test("independent of later versions: a PATCH of the version and a new version leave the site as deployed", async () => {
    const { chatId, versionId } = await chatWithFiles([{ name: "index.html", content: "<p>v1</p>" }]);
    const d = await deploy({ chatId, versionId });
    await client.patchVersion(chatId, versionId, {
      files: [{ name: "index.html", content: "<p>patched</p>", locked: false }],
    });
    await client.sendMessage(chatId, { message: "Add an about page" });
    const chat = await client.getChat(chatId);
    expect(chat.latestVersion!.id).not.toBe(versionId);
    await waitSettled(d.id);
    expect(await (await site(d.webUrl)).text()).toMatch(/<\/script><p>v1<\/p>$/);
    // Deploying the new version gives a second site; the first stays.
    const d2 = await deploy({ chatId, versionId: chat.latestVersion!.id });
    await waitSettled(d2.id);
    expect(await (await site(d2.webUrl)).text()).not.toMatch(/<\/script><p>v1<\/p>$/);
    expect(await (await site(d.webUrl)).text()).toMatch(/<\/script><p>v1<\/p>$/);
  });

  test("list filters by chat, version and project, newest first", async () => {
    const a = await chatWithFiles([{ name: "index.html", content: "a" }]);
    const b = await chatWithFiles([{ name: "index.html", content: "b" }]);
    const project = await client.createProject({ name: "Sites", chatIds: [b.chatId] });
    const da1 = await deploy(a);
    const da2 = await deploy(a);
    const db = await deploy({ ...b, projectId: project.id });
    expect(db.projectId).toBe(project.id);
    const byChat = expectSchema(List, (await call(svc, "GET", `/v1/deployments?chatId=${a.chatId}`)).body);
    expect(byChat.data.map((d) => d.id)).toEqual([da2.id, da1.id]);
    const byVersion = expectSchema(
      List,
      (await call(svc, "GET", `/v1/deployments?chatId=${b.chatId}&versionId=${b.versionId}`)).body,
    );
    expect(byVersion.data.map((d) => d.id)).toEqual([db.id]);
    expect((await client.listDeployments({ projectId: project.id })).data.map((d) => d.id)).toEqual([db.id]);
    const all = expectSchema(List, (await call(svc, "GET", "/v1/deployments")).body);
    expect(all.data.slice(0, 3).map((d) => d.id)).toEqual([db.id, da2.id, da1.id]);
    expect((await client.listDeployments({ chatId: "chat_none" })).data).toEqual([]);
  });

  test("logs (with since) and errors: a version without index.html ends in error", async () => {
    const good = await deploy(
      await chatWithFiles([
        { name: "index.html", content: "ok" },
        { name: "a.js", content: "1" },
      ]),
    );
    const first = expectSchema(Logs, (await call(svc, "GET", `/v1/deployments/${good.id}/logs`)).body);
    expect(first.logs.map((l) => l.text)).toContain("Uploading 2 files");
    expect(first.logs.every((l) => l.object === "deployment_log" && l.deploymentId === good.id)).toBe(true);
    expect(typeof first.nextSince).toBe("number");
    await waitSettled(good.id);
    const rest = await client.deploymentLogs(good.id, { since: first.nextSince });
    expect(rest.logs.map((l) => l.text)).toContain("Build completed");
    expect(rest.logs.map((l) => l.text)).not.toContain("Uploading 2 files");
    expect((await client.deploymentLogs(good.id, { since: rest.nextSince })).logs).toEqual([]);
    expect(expectSchema(z.strictObject(DeploymentErrorsV1.shape), await client.deploymentErrors(good.id))).toEqual({});
    expectV1Error(await call(svc, "GET", `/v1/deployments/${good.id}/logs?since=yesterday`), 422, "validation_failed");

    const bad = await deploy(await chatWithFiles([{ name: "readme.txt", content: "no page" }]));
    expect((await waitSettled(bad.id)).status).toBe("error");
    const errors = expectSchema(
      z.strictObject(DeploymentErrorsV1.shape),
      (await call(svc, "GET", `/v1/deployments/${bad.id}/errors`)).body,
    );
    expect(errors.errorType).toBe("missing_index");
    expect(errors.fullErrorText).toContain("index.html");
    const logs = await client.deploymentLogs(bad.id);
    expect(logs.logs.filter((l) => l.level === "error").map((l) => l.type)).toEqual(["stderr", "stderr"]);
    expect((await site(bad.webUrl)).status).toBe(404);
  });

  test("without the app runtime a runnable app with a build script is published as its files (nothing is built)", async () => {
    const d = await deploy(
      await chatWithFiles([
        { name: "package.json", content: JSON.stringify({ scripts: { dev: "vite", build: "vite build" } }) },
        { name: "index.html", content: "<h1>Source page</h1>" },
      ]),
    );
    expect((await waitSettled(d.id)).status).toBe("ready");
    expect(await (await site(d.webUrl)).text()).toContain("<h1>Source page</h1>");
    expect((await client.deploymentLogs(d.id)).logs.map((l) => l.text)).not.toContainEqual(
      expect.stringContaining("sandbox"),
    );
  });

  test("delete takes the site down; then 404 everywhere", async () => {
    const d = await deploy(await chatWithFiles([{ name: "index.html", content: "bye" }]));
    await waitSettled(d.id);
    expect((await site(d.webUrl)).status).toBe(200);
    const res = await call(svc, "DELETE", `/v1/deployments/${d.id}`);
    expect(expectSchema(z.strictObject(DeploymentDeletedV1.shape), res.body)).toEqual({
      id: d.id,
      object: "deployment",
      deleted: true,
    });
    expect((await site(d.webUrl)).status).toBe(404);
    for (const path of [`/v1/deployments/${d.id}`, `/v1/deployments/${d.id}/logs`, `/v1/deployments/${d.id}/errors`]) {
      const r = await call(svc, "GET", path);
      expectV1Error(r, 404, "deployment_not_found");
      expect(expectSchema(ErrorV1, r.body).error.type).toBe("not_found_error");
    }
    expectV1Error(await call(svc, "DELETE", `/v1/deployments/${d.id}`), 404, "deployment_not_found");
  });

  test("bad input: 422 (body), 409 (version not completed), 401 without the key; nothing is created", async () => {
    const { chatId, versionId } = await chatWithFiles([{ name: "index.html", content: "x" }]);
    const before = (await client.listDeployments()).data.length;
    expectV1Error(await call(svc, "POST", "/v1/deployments", { body: {} }), 422, "validation_failed");
    expectV1Error(await call(svc, "POST", "/v1/deployments", { body: { chatId } }), 422, "validation_failed");
    expectV1Error(
      await call(svc, "POST", "/v1/deployments", { body: { chatId, versionId: 7 } }),
      422,
      "validation_failed",
    );
    expectV1Error(
      await call(svc, "POST", "/v1/deployments", { body: { chatId: "chat_nope", versionId } }),
      422,
      "validation_failed",
    );
    expectV1Error(
      await call(svc, "POST", "/v1/deployments", { body: { chatId, versionId: "ver_nope" } }),
      422,
      "validation_failed",
    );
    expectV1Error(
      await call(svc, "POST", "/v1/deployments", { body: { chatId, versionId, projectId: "prj_nope" } }),
      422,
      "validation_failed",
    );
    // A version still being generated cannot be deployed.
    const busy = await client.createChat({ message: "A slow map /slow", responseMode: "async" });
    const pending = await waitFor(async () => {
      const v = (await client.listVersions(busy.id)).data[0];
      return v?.status === "pending" ? v : undefined;
    });
    expectV1Error(
      await call(svc, "POST", "/v1/deployments", { body: { chatId: busy.id, versionId: pending.id } }),
      409,
      "version_not_ready",
    );
    expect((await client.listDeployments()).data.length).toBe(before);
    expect((await call(svc, "GET", "/v1/deployments", { auth: null })).status).toBe(401);
    expect((await svc.handle(request("PUT", "/v1/deployments"))).status).toBe(405);
    expectV1Error(await call(svc, "GET", "/v1/deployments/dpl_missing"), 404, "deployment_not_found");
  });

  test("the deployments quota: one per deployment; refused at the limit, given back when refused for bad input", async () => {
    const limited = await startService({ deploymentBuildMs: 0, quotas: { deployments: 1 } });
    try {
      const v1 = createServiceClientV1({
        baseUrl: BASE,
        apiKey: TEST_KEY,
        fetch: (input, init) => limited.handle(new Request(input, init)),
      });
      const chat = await v1.createChat({ type: "files", files: [{ name: "index.html", content: "q" }] });
      const body = { chatId: chat.id, versionId: chat.latestVersion!.id };
      expect(
        (await call(limited, "POST", "/v1/deployments", { body: { ...body, versionId: "ver_nope" } })).status,
      ).toBe(422);
      expect((await call(limited, "POST", "/v1/deployments", { body })).status).toBe(200);
      const refused = await call(limited, "POST", "/v1/deployments", { body });
      expectV1Error(refused, 429, "quota_exceeded");
      expect((await v1.listDeployments()).data).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});
