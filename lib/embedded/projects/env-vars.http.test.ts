import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  ChatV1,
  EnvVarDetailV1,
  EnvVarListV1,
  EnvVarsDeletedV1,
  ErrorV1,
  MessageListV1,
  ProjectV1,
} from "@/lib/api/schemas/v1";
import type { EmbeddedService } from "../service";
import { call, expectSchema, startService } from "../test-support";

/**
 * A project's environment variables (the v1 document's env-vars operations) through real Requests, on a PGlite
 * directory of its own: after the values are written, no file under it holds one in plain text.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "atelier-env-vars-"));
let svc: EmbeddedService;
beforeAll(async () => {
  svc = await startService({ dataDir });
});
afterAll(async () => {
  await svc.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newProject(withChat = false): Promise<{ projectId: string; chatId?: string }> {
  let chatId: string | undefined;
  if (withChat) {
    const chat = await call(svc, "POST", "/v1/chats", {
      body: { type: "files", files: [{ name: "index.html", content: "<h1>e</h1>" }] },
    });
    chatId = expectSchema(ChatV1, chat.body).id;
  }
  const res = await call(svc, "POST", "/v1/projects", {
    body: { name: "Env", ...(chatId ? { chatIds: [chatId] } : {}) },
  });
  expect(res.status).toBe(201);
  return { projectId: expectSchema(ProjectV1, res.body).id, chatId };
}
const base = (projectId: string) => `/v1/projects/${projectId}/env-vars`;
const create = (projectId: string, body: unknown, query = "") =>
  call(svc, "POST", `${base(projectId)}${query}`, { body });
async function listed(projectId: string, decrypted = true) {
  const res = await call(svc, "GET", `${base(projectId)}?decrypted=${decrypted}`);
  expect(res.status).toBe(200);
  return expectSchema(EnvVarListV1, res.body).data;
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe("environment variables", () => {
  test("create, list (masked and decrypted), get, update, delete", async () => {
    const { projectId } = await newProject();
    const created = await create(projectId, {
      environmentVariables: [
        { key: "DATABASE_URL", value: "postgres://db.example/app" },
        { key: "_TOKEN2", value: "tok-2" },
      ],
    });
    expect(created.status).toBe(200);
    const vars = expectSchema(EnvVarListV1, created.body).data;
    expect(vars.map((v) => [v.key, v.decrypted])).toEqual([
      ["DATABASE_URL", false],
      ["_TOKEN2", false],
    ]);
    // Without decrypted=true the value is the stored one: never the plain value.
    for (const v of vars) expect(v.value).not.toMatch(/postgres:|tok-2/);

    const masked = await listed(projectId, false);
    expect(masked.every((v) => !v.decrypted && !/postgres:|tok-2/.test(v.value))).toBe(true);
    expect((await listed(projectId)).map((v) => [v.key, v.value, v.decrypted])).toEqual([
      ["DATABASE_URL", "postgres://db.example/app", true],
      ["_TOKEN2", "tok-2", true],
    ]);

    const id = vars[0]!.id;
    const one = expectSchema(EnvVarDetailV1, (await call(svc, "GET", `${base(projectId)}/${id}?decrypted=true`)).body);
    expect(one.data).toMatchObject({ id, key: "DATABASE_URL", value: "postgres://db.example/app", decrypted: true });

    const updated = await call(svc, "PATCH", `${base(projectId)}?decrypted=true`, {
      body: { environmentVariables: [{ id, value: "postgres://db.example/other" }] },
    });
    expect(updated.status).toBe(200);
    expect(expectSchema(EnvVarListV1, updated.body).data.map((v) => v.value)).toEqual(["postgres://db.example/other"]);

    const deleted = await call(svc, "POST", `${base(projectId)}/delete`, { body: { environmentVariableIds: [id] } });
    expect(deleted.status).toBe(200);
    expect(expectSchema(EnvVarsDeletedV1, deleted.body).data).toEqual([
      { id, object: "environment_variable", deleted: true },
    ]);
    expect((await listed(projectId)).map((v) => v.key)).toEqual(["_TOKEN2"]);
    expect((await call(svc, "GET", `${base(projectId)}/${id}`)).status).toBe(404);
  });

  test("an existing key: 409 without upsert (nothing stored), replaced with it", async () => {
    const { projectId } = await newProject();
    await create(projectId, { environmentVariables: [{ key: "API_KEY", value: "first" }] });
    const conflict = await create(projectId, {
      environmentVariables: [
        { key: "NEW_ONE", value: "n" },
        { key: "API_KEY", value: "second" },
      ],
    });
    expect(conflict.status).toBe(409);
    expect(expectSchema(ErrorV1, conflict.body).error.message).toMatch(/API_KEY/);
    expect((await listed(projectId)).map((v) => [v.key, v.value])).toEqual([["API_KEY", "first"]]);

    const upserted = await create(
      projectId,
      { environmentVariables: [{ key: "API_KEY", value: "second" }], upsert: true },
      "?decrypted=true",
    );
    expect(upserted.status).toBe(200);
    expect((await listed(projectId)).map((v) => [v.key, v.value])).toEqual([["API_KEY", "second"]]);
  });

  test("refusals store nothing: bad names, duplicates, unknown project or ids, bad decrypted", async () => {
    const { projectId } = await newProject();
    await create(projectId, { environmentVariables: [{ key: "KEEP", value: "k" }] });
    const before = await listed(projectId);
    for (const key of ["1ABC", "WITH-DASH", "HAS SPACE", "", "É"]) {
      const res = await create(projectId, {
        environmentVariables: [
          { key: "GOOD", value: "g" },
          { key, value: "v" },
        ],
      });
      expect(res.status, key).toBe(422);
      expectSchema(ErrorV1, res.body);
    }
    for (const body of [
      { environmentVariables: [] },
      { environmentVariables: [{ key: "A" }] },
      {
        environmentVariables: [
          { key: "DUP", value: "1" },
          { key: "DUP", value: "2" },
        ],
      },
      {},
    ]) {
      expect((await create(projectId, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await create("prj_missing", { environmentVariables: [{ key: "A", value: "a" }] })).status).toBe(404);
    expect((await call(svc, "GET", base("prj_missing"))).status).toBe(404);
    const badUpdate = await call(svc, "PATCH", base(projectId), {
      body: {
        environmentVariables: [
          { id: before[0]!.id, value: "changed" },
          { id: "env_missing", value: "x" },
        ],
      },
    });
    expect(badUpdate.status).toBe(404);
    const badDelete = await call(svc, "POST", `${base(projectId)}/delete`, {
      body: { environmentVariableIds: [before[0]!.id, "env_missing"] },
    });
    expect(badDelete.status).toBe(404);
    expect((await call(svc, "GET", `${base(projectId)}?decrypted=maybe`)).status).toBe(422);
    expect(await listed(projectId)).toEqual(before);
  });

  test("the project's chats are told the names of added variables (v1 type added-environment-variables)", async () => {
    const { projectId, chatId } = await newProject(true);
    await create(projectId, {
      environmentVariables: [
        { key: "STRIPE_KEY", value: "sk_told_never" },
        { key: "REGION", value: "eu" },
      ],
    });
    const messages = expectSchema(MessageListV1, (await call(svc, "GET", `/v1/chats/${chatId}/messages`)).body).data;
    const notice = messages.find((m) => m.type === "added-environment-variables");
    expect(notice?.content).toBe("Added environment variables: STRIPE_KEY, REGION");
    expect(JSON.stringify(messages)).not.toContain("sk_told_never");
    // Replacing a value adds nothing.
    await create(projectId, { environmentVariables: [{ key: "REGION", value: "us" }], upsert: true });
    const after = expectSchema(MessageListV1, (await call(svc, "GET", `/v1/chats/${chatId}/messages`)).body).data;
    expect(after.filter((m) => m.type === "added-environment-variables")).toHaveLength(1);
  });

  test("no value is written in plain text anywhere under the data directory", async () => {
    const { projectId } = await newProject();
    const secret = "plaintext-canary-7Qz9x1Lw";
    const res = await create(projectId, { environmentVariables: [{ key: "CANARY", value: secret }] });
    expect(res.status).toBe(200);
    await call(svc, "PATCH", base(projectId), {
      body: { environmentVariables: [{ id: expectSchema(EnvVarListV1, res.body).data[0]!.id, value: `${secret}-2` }] },
    });
    expect((await listed(projectId)).find((v) => v.key === "CANARY")?.value).toBe(`${secret}-2`);
    await svc.close();
    const files = filesUnder(dataDir);
    expect(files.length).toBeGreaterThan(10);
    // The check can fail: the key name is stored in plain text and is found.
    expect(files.some((f) => readFileSync(f).includes("CANARY"))).toBe(true);
    expect(files.filter((f) => readFileSync(f).includes(secret))).toEqual([]);
    svc = await startService({ dataDir });
    expect((await listed(projectId)).find((v) => v.key === "CANARY")?.value).toBe(`${secret}-2`);
  });
});
