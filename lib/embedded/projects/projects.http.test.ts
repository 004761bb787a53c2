import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createServiceClientV1 } from "@/lib/api/client-v1";
import { ServiceError } from "@/lib/api/errors";
import { ErrorV1, ProjectV1 } from "@/lib/api/schemas/v1";
import type { EmbeddedService } from "../service";
import { call, expectSchema, startService, serviceClientV1 } from "../test-support";

/** v1 projects (4.2) over HTTP: through the typed v1 client and with raw requests for the error paths. */
let svc: EmbeddedService;
let client: ReturnType<typeof createServiceClientV1>;
let chatA = "";
let chatB = "";

beforeAll(async () => {
  svc = await startService();
  client = serviceClientV1(svc);
  chatA = (await client.createChat({ message: "A bird feeder log" })).id;
  chatB = (await client.createChat({ message: "A tide table" })).id;
});
afterAll(() => svc.close());

const expectV1Error = (res: { status: number; body: unknown }, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(expectSchema(ErrorV1, res.body).error.code).toBe(code);
};

describe("v1 projects", () => {
  test("create, list, get, PUT and delete; a project groups chats and v1 chats show their projectId", async () => {
    const created = await client.createProject({ name: "  Garden  ", description: "Outdoor apps", chatIds: [chatA] });
    expect(created).toMatchObject({ object: "project", name: "Garden", description: "Outdoor apps", chatIds: [chatA] });
    expect(created.id).toMatch(/^prj_/);
    expect((await client.getChat(chatA)).projectId).toBe(created.id);
    expect((await client.getChat(chatB)).projectId).toBeUndefined();

    const other = await client.createProject({ name: "Sea" });
    expect(other).toMatchObject({ description: null, chatIds: [] });
    const list = await client.listProjects();
    expect(list.data.map((p) => p.id)).toEqual([other.id, created.id]);

    // PUT replaces name and description; chatIds become exactly the project's chats; a chat moves between projects.
    const moved = await client.updateProject(other.id, { name: "Sea and coast", chatIds: [chatA, chatB, chatB] });
    expect(moved).toMatchObject({ name: "Sea and coast", description: null, chatIds: [chatB, chatA] });
    expect((await client.getProject(created.id)).chatIds).toEqual([]);
    expect((await client.getChat(chatA)).projectId).toBe(other.id);
    const renamed = await client.updateProject(other.id, { name: "Coast" });
    expect(renamed.chatIds).toEqual([chatB, chatA]);

    // Deleting keeps the chats, outside any project.
    expect(await client.deleteProject(other.id)).toEqual({ id: other.id, object: "project", deleted: true });
    expect((await client.getChat(chatA)).projectId).toBeUndefined();
    expect((await call(svc, "GET", `/v2/chats/${chatA}`)).status).toBe(200);
    await expect(client.getProject(other.id)).rejects.toMatchObject({ status: 404, code: "project_not_found" });
    await client.deleteProject(created.id);
  });

  test("bad input is a 422 in the v1 error shape and changes nothing; unknown project 404 (project_not_found / not_found_error)", async () => {
    const project = ProjectV1.parse((await call(svc, "POST", "/v1/projects", { body: { name: "Keep" } })).body);
    expectV1Error(await call(svc, "POST", "/v1/projects", { body: {} }), 422, "validation_failed");
    expectV1Error(await call(svc, "POST", "/v1/projects", { body: { name: "   " } }), 422, "validation_failed");
    expectV1Error(
      await call(svc, "POST", "/v1/projects", { body: { name: "x".repeat(101) } }),
      422,
      "validation_failed",
    );
    expectV1Error(
      await call(svc, "POST", "/v1/projects", { body: { name: "Ghosts", chatIds: ["chat_nope"] } }),
      422,
      "validation_failed",
    );
    expectV1Error(
      await call(svc, "PUT", `/v1/projects/${project.id}`, {
        body: { name: "Changed", chatIds: [chatA, "chat_nope"] },
      }),
      422,
      "validation_failed",
    );
    const after = await client.getProject(project.id);
    expect(after).toMatchObject({ name: "Keep", chatIds: [] });
    expect((await client.listProjects()).data.map((p) => p.name)).toEqual(["Keep"]);

    const missing = await call(svc, "GET", "/v1/projects/prj_missing");
    expectV1Error(missing, 404, "project_not_found");
    expect(expectSchema(ErrorV1, missing.body).error.type).toBe("not_found_error");
    expectV1Error(await call(svc, "DELETE", "/v1/projects/prj_missing"), 404, "project_not_found");
    expect((await call(svc, "GET", "/v1/projects", { auth: null })).status).toBe(401);
    await expect(client.createProject({ name: "" })).rejects.toBeInstanceOf(ServiceError);
  });
});
