import { describe, expect, test } from "vitest";
import { call, serviceForFile } from "@/lib/embedded/test-support";
import { expectValid, requestBody, response, type Json } from "./openapi-v1";

/**
 * Favorites, a project's environment variables and branching (fork) against the real service's v1 document (a copy
 * in e2e/peers/reference/openapi-v1.json): each request body is checked against the document's request schema and
 * each answer validated against its 200 schema (JSON Schema 2020-12).
 */

/** Calls an operation after checking its body against the document's request schema; the answer must be 200. */
async function operation(method: string, docPath: string, ourPath: string, body?: Json): Promise<Json> {
  if (body !== undefined) expectValid(requestBody(method, docPath), body);
  const res = await call(svc, method.toUpperCase(), ourPath, body === undefined ? {} : { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectValid(response(method, docPath), res.body);
  return res.body;
}

const svc = serviceForFile();

async function filesChat(): Promise<Json> {
  return (
    await call(svc, "POST", "/v1/chats", {
      body: { type: "files", files: [{ name: "index.html", content: "<h1>c</h1>" }] },
    })
  ).body;
}

describe("contract v1: chat operations against openapi-v1.json", () => {
  test("favorite: chats.favorite and chats.find with isFavorite", async () => {
    const chat = await filesChat();
    const answer = await operation("put", "/chats/{chatId}/favorite", `/v1/chats/${chat.id}/favorite`, {
      isFavorite: true,
    });
    expect(answer.favorited).toBe(true);
    // The list's shape is the spec's (cursor paging, wire-decisions.md 3), not the document's: only the filter is
    // the document's here, and each item's `favorite` its boolean.
    const list = (await call(svc, "GET", "/v1/chats?isFavorite=true")).body as Json;
    expect(list.data.map((c: Json) => [c.id, c.favorite])).toEqual([[chat.id, true]]);
  });

  test("environment variables: projects.createEnvVars, findEnvVars, getEnvVar, updateEnvVars, deleteEnvVars", async () => {
    const project = (await call(svc, "POST", "/v1/projects", { body: { name: "Contract env" } })).body as Json;
    const docBase = "/projects/{projectId}/env-vars";
    const ours = `/v1/projects/${project.id}/env-vars`;
    const created = await operation("post", docBase, ours, {
      environmentVariables: [{ key: "API_URL", value: "https://api.example" }],
    });
    const id = created.data[0].id as string;
    await operation("post", docBase, `${ours}?decrypted=true`, {
      environmentVariables: [{ key: "API_URL", value: "https://api2.example" }],
      upsert: true,
    });
    const found = await operation("get", docBase, `${ours}?decrypted=true`);
    expect(found.data[0].value).toBe("https://api2.example");
    await operation("get", docBase, ours);
    await operation("get", `${docBase}/{environmentVariableId}`, `${ours}/${id}?decrypted=true`);
    await operation("patch", docBase, ours, { environmentVariables: [{ id, value: "v3" }] });
    const deleted = await operation("post", `${docBase}/delete`, `${ours}/delete`, { environmentVariableIds: [id] });
    expect(deleted.data).toEqual([{ id, object: "environment_variable", deleted: true }]);
  });

  test("fork: chats.fork answers the document's ChatDetail (our forkedFrom extension removed)", async () => {
    const chat = await filesChat();
    const body = { versionId: chat.latestVersion.id, privacy: "private" };
    expectValid(requestBody("post", "/chats/{chatId}/fork"), body);
    const res = await call(svc, "POST", `/v1/chats/${chat.id}/fork`, { body });
    expect(res.status).toBe(200);
    const branch = structuredClone(res.body) as Json;
    expect(branch.forkedFrom.chatId).toBe(chat.id);
    delete branch.forkedFrom;
    // Model ids are named differently in the document (svc-pro there is v0-pro; reference README).
    branch.modelConfiguration.modelId = branch.modelConfiguration.modelId.replace(/^svc-/, "v0-");
    expectValid(response("post", "/chats/{chatId}/fork"), branch);
  });
});
