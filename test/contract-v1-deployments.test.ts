import { describe, expect, test } from "vitest";
import { call, waitFor, serviceForFile } from "@/lib/embedded/test-support";
import { expectValid, requestBody, response, type Json } from "./openapi-v1";

/**
 * The v1 deployment operations against the real service's v1 document (a copy in e2e/peers/reference/openapi-v1.json):
 * each operation is called as the document describes it and every answer validated against the document's schema
 * (JSON Schema 2020-12). The spec says nothing of deployments (interface.md 2.12: "not shown"), so the only difference
 * is our extension, removed narrowly before validating: the deployment's `status`, `createdAt` and `updatedAt`.
 */

const EXTENSION_FIELDS = ["status", "createdAt", "updatedAt"] as const;

/** Our extension fields dropped from a deployment (exactly those). */
function withoutExtensions(d: Json): Json {
  const copy = structuredClone(d);
  for (const k of EXTENSION_FIELDS) {
    expect(copy).toHaveProperty(k);
    delete copy[k];
  }
  return copy;
}

const svc = serviceForFile({ deploymentBuildMs: 50 });

describe("contract v1: deployments against openapi-v1.json", () => {
  test("create, find, get, logs, errors, delete", async () => {
    const chat = (
      await call(svc, "POST", "/v1/chats", {
        body: { type: "files", files: [{ name: "index.html", content: "<h1>c</h1>" }] },
      })
    ).body as Json;
    const project = (await call(svc, "POST", "/v1/projects", { body: { name: "Contract", chatIds: [chat.id] } }))
      .body as Json;
    const body = { projectId: project.id, chatId: chat.id, versionId: chat.latestVersion.id };
    const requestValid = requestBody("post", "/deployments");
    expect(requestValid(body)).toBe(true);

    const created = await call(svc, "POST", "/v1/deployments", { body });
    expect(created.status).toBe(200);
    expectValid(response("post", "/deployments"), withoutExtensions(created.body));
    const id = (created.body as Json).id as string;

    // The document's find requires chatId and versionId.
    const found = await call(
      svc,
      "GET",
      `/v1/deployments?projectId=${project.id}&chatId=${chat.id}&versionId=${body.versionId}`,
    );
    expectValid(response("get", "/deployments"), {
      ...(found.body as Json),
      data: (found.body as Json).data.map(withoutExtensions),
    });
    await waitFor(async () =>
      ((await call(svc, "GET", `/v1/deployments/${id}`)).body as Json).status === "ready" ? true : undefined,
    );
    expectValid(
      response("get", "/deployments/{deploymentId}"),
      withoutExtensions((await call(svc, "GET", `/v1/deployments/${id}`)).body),
    );
    expectValid(
      response("get", "/deployments/{deploymentId}/logs"),
      (await call(svc, "GET", `/v1/deployments/${id}/logs`)).body,
    );
    expectValid(
      response("get", "/deployments/{deploymentId}/logs"),
      (await call(svc, "GET", `/v1/deployments/${id}/logs?since=1`)).body,
    );
    expectValid(
      response("get", "/deployments/{deploymentId}/errors"),
      (await call(svc, "GET", `/v1/deployments/${id}/errors`)).body,
    );
    expectValid(
      response("delete", "/deployments/{deploymentId}"),
      (await call(svc, "DELETE", `/v1/deployments/${id}`)).body,
    );
  });

  test("a failed build's errors and logs", async () => {
    const chat = (
      await call(svc, "POST", "/v1/chats", { body: { type: "files", files: [{ name: "notes.md", content: "x" }] } })
    ).body as Json;
    const id = (
      (await call(svc, "POST", "/v1/deployments", { body: { chatId: chat.id, versionId: chat.latestVersion.id } }))
        .body as Json
    ).id;
    await waitFor(async () =>
      ((await call(svc, "GET", `/v1/deployments/${id}`)).body as Json).status === "error" ? true : undefined,
    );
    const errors = (await call(svc, "GET", `/v1/deployments/${id}/errors`)).body as Json;
    expect(errors.errorType).toBe("missing_index");
    expectValid(response("get", "/deployments/{deploymentId}/errors"), errors);
    expectValid(
      response("get", "/deployments/{deploymentId}/logs"),
      (await call(svc, "GET", `/v1/deployments/${id}/logs`)).body,
    );
  });
});
