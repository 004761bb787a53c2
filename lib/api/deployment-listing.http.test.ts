import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createServiceClient } from "@/lib/api/client";
import { createServiceClientV1, type ServiceClientV1 } from "@/lib/api/client-v1";
import { serveOverHttp } from "@/lib/embedded/mcp/test-http";
import { startService, TEST_KEY } from "@/lib/embedded/test-support";
import { startReferenceUpstream, type ReferenceUpstream } from "@/e2e/peers/reference-upstream";
import { listDeployments } from "./deployment-listing";

/**
 * Deployment lists from both kinds of service, over HTTP: the embedded service lists by chat or project; a service
 * that follows the v1 document (the reference peer: chatId and versionId required, 422 otherwise) is asked per chat
 * version, and a project's list is reported as not available rather than as an error.
 */
let embedded: Awaited<ReturnType<typeof serveOverHttp>>;
let peer: ReferenceUpstream;
let direct: ServiceClientV1;
let viaDocument: ServiceClientV1;

beforeAll(async () => {
  embedded = await serveOverHttp((publicBaseUrl) => startService({ publicBaseUrl, deploymentBuildMs: 0 }));
  peer = await startReferenceUpstream({ upstream: embedded.baseUrl, log: () => {} });
  direct = createServiceClientV1({ baseUrl: embedded.baseUrl, apiKey: TEST_KEY });
  viaDocument = createServiceClientV1({ baseUrl: peer.url, apiKey: TEST_KEY });
});
afterAll(async () => {
  await peer?.close();
  await embedded?.close();
});

/** A chat with two completed versions, each deployed (the second twice). */
async function chatWithDeployments() {
  const chat = await direct.createChat({
    type: "files",
    files: [{ name: "index.html", content: "<h1>one</h1>" }],
    initialContext: "Site",
  });
  const first = chat.latestVersion!.id;
  // A follow-up: the agent's answer makes the chat's second version.
  await createServiceClient({ baseUrl: embedded.baseUrl, apiKey: TEST_KEY }).sendMessage(chat.id, {
    message: "Add an about page",
  });
  const versions = (await direct.listVersions(chat.id)).data.filter((v) => v.status === "completed");
  expect(versions).toHaveLength(2);
  const second = versions.find((v) => v.id !== first)!.id;
  const deployed = [];
  for (const versionId of [first, second, second])
    deployed.push(await direct.createDeployment({ chatId: chat.id, versionId }));
  return { chatId: chat.id, ids: deployed.map((d) => d.id) };
}

describe("listing deployments", () => {
  test("the document's service refuses a list by chat alone; the listing then asks per version and finds them all", async () => {
    const { chatId, ids } = await chatWithDeployments();
    await expect(viaDocument.listDeployments({ chatId })).rejects.toMatchObject({ status: 422 });

    const embeddedWay = await listDeployments(direct, { chatId }, false);
    expect(embeddedWay.perVersion).toBe(false);
    expect(embeddedWay.deployments.map((d) => d.id).sort()).toEqual([...ids].sort());

    const documentWay = await listDeployments(viaDocument, { chatId }, false);
    expect(documentWay).toMatchObject({ perVersion: true, unsupported: false });
    expect(documentWay.deployments.map((d) => d.id).sort()).toEqual([...ids].sort());
    // Newest first, as the service's own list.
    expect(documentWay.deployments.map((d) => d.id)).toEqual(embeddedWay.deployments.map((d) => d.id));

    // Once learned, a poll goes per version at once (no refused request first).
    const again = await listDeployments(viaDocument, { chatId }, true);
    expect(again.deployments).toHaveLength(3);
  });

  test("a project's list: from the embedded service as it is; from the document's service, reported as unavailable", async () => {
    const project = await direct.createProject({ name: "Listing" });
    expect(await listDeployments(direct, { projectId: project.id }, false)).toEqual({
      deployments: [],
      perVersion: false,
      unsupported: false,
    });
    expect(await listDeployments(viaDocument, { projectId: project.id }, false)).toEqual({
      deployments: [],
      perVersion: true,
      unsupported: true,
    });
  });

  test("other errors are not taken for a refused filter", async () => {
    const wrongKey = createServiceClientV1({ baseUrl: peer.url, apiKey: "not-the-key" });
    await expect(listDeployments(wrongKey, { chatId: "chat_x" }, false)).rejects.toMatchObject({ status: 401 });
  });
});
