import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createClient } from "v0-sdk";
import { serveOverHttp } from "@/lib/embedded/mcp/test-http";
import { createEmbeddedService } from "@/lib/embedded/service";
import { TEST_KEY } from "@/lib/embedded/test-support";

/**
 * The real service's official v1 client (the `v0-sdk` 0.16 package from npm, as its users install it) against the
 * embedded service over real HTTP: every method of the client is called once and must succeed, except the hosting
 * platform's own integration, which the embedded service does not have (a clear 501). A method added to the client
 * and not called here fails the first test.
 */

type Client = ReturnType<typeof createClient>;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

let served: Awaited<ReturnType<typeof serveOverHttp>>;
let v0: Client;
const called = new Set<string>();

beforeAll(async () => {
  served = await serveOverHttp((publicBaseUrl) =>
    createEmbeddedService({ apiKey: TEST_KEY, dataDir: "memory://", publicBaseUrl, agentDelayMs: 0 }),
  );
  v0 = createClient({ apiKey: TEST_KEY, baseUrl: `${served.baseUrl}/v1` });
});
afterAll(() => served.close());

/** Every method of the client, by its dotted name. */
function methodsOf(value: object, prefix = ""): string[] {
  return Object.entries(value).flatMap(([key, v]) =>
    typeof v === "function"
      ? [prefix + key]
      : v && typeof v === "object"
        ? methodsOf(v as object, `${prefix}${key}.`)
        : [],
  );
}

/** Calls a method by name and records it. */
async function run<T = Json>(name: string, params?: Json): Promise<T> {
  const method = name.split(".").reduce<Json>((o, key) => o[key], v0) as (p?: Json) => Promise<T>;
  called.add(name);
  return params === undefined ? method() : method(params);
}

describe("the official v1 client (v0-sdk 0.16.7) against the embedded service", () => {
  test("chats, messages, versions, projects, env vars, deployments, hooks, MCP servers, account and reports", async () => {
    const user = await run("user.get");
    expect(user.object).toBe("user");
    await run("user.getPlan");
    await run("user.getBilling");
    const scopes = await run("user.getScopes");
    await run("rateLimits.find", { scope: scopes.data[0].id });

    const chat = await run("chats.create", { message: "A counter app /fast", responseMode: "sync" });
    expect(chat.latestVersion.status).toBe("completed");
    expect((await run("chats.getById", { chatId: chat.id })).id).toBe(chat.id);
    expect((await run("chats.find", { limit: 5 })).data.length).toBeGreaterThan(0);
    await run("chats.update", { chatId: chat.id, name: "Counter" });
    await run("chats.favorite", { chatId: chat.id, isFavorite: true });
    const sent = await run("chats.sendMessage", {
      chatId: chat.id,
      message: "Make it blue /fast",
      responseMode: "sync",
    });
    const messages = await run("chats.findMessages", { chatId: chat.id });
    expect(messages.data.length).toBeGreaterThanOrEqual(4);
    await run("chats.getMessage", { chatId: chat.id, messageId: sent.id });
    const versions = await run("chats.findVersions", { chatId: chat.id });
    const [latest, first] = versions.data as Json[];
    const version = await run("chats.getVersion", { chatId: chat.id, versionId: latest.id });
    const edited = await run("chats.updateVersion", {
      chatId: chat.id,
      versionId: latest.id,
      files: [{ name: version.files[0].name, content: "/* edited by hand */", locked: true }],
    });
    const zip = await run<ArrayBuffer>("chats.downloadVersion", { chatId: chat.id, versionId: edited.id });
    expect(new Uint8Array(zip).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    const afterDelete = await run("chats.deleteVersionFiles", {
      chatId: chat.id,
      versionId: edited.id,
      filePaths: [version.files[0].name],
    });
    expect(afterDelete.files.map((f: Json) => f.name)).not.toContain(version.files[0].name);
    await run("chats.restore", { chatId: chat.id, versionId: first.id });
    const branch = await run("chats.fork", { chatId: chat.id, versionId: first.id });
    expect(branch.id).not.toBe(chat.id);

    const slow = await run("chats.create", { message: "A map /slow", responseMode: "async" });
    const generating = slow.messages.at(-1).id as string;
    // The client reads every answer as JSON: resume answers the message once it has finished (here: stopped).
    const resumed = run("chats.resume", { chatId: slow.id, messageId: generating });
    expect((await run("chats.stop", { chatId: slow.id, messageId: generating })).success).toBe(true);
    expect(await resumed).toMatchObject({ id: generating, finishReason: "stop" });

    const shop = await run("chats.create", { message: "A shop", responseMode: "sync" });
    const blocked = await run("chats.sendMessage", {
      chatId: shop.id,
      message: "Take payments /integration Stripe",
      responseMode: "sync",
    });
    expect(blocked.finishReason).toBe("tool-calls");
    const resolved = await run("chats.resolveTask", {
      chatId: shop.id,
      task: { type: "confirmed-steps", connectedIntegrationNames: ["Stripe"] },
      responseMode: "sync",
    });
    expect(resolved.finishReason).toBe("stop");
    const init = await run("chats.init", { type: "files", files: [{ name: "index.html", content: "<h1>hi</h1>" }] });

    const project = await run("projects.create", { name: "Client project" });
    await run("projects.find");
    await run("projects.getById", { projectId: project.id });
    await run("projects.update", { projectId: project.id, name: "Renamed project" });
    await run("projects.assign", { projectId: project.id, chatId: init.id });
    expect((await run("projects.getByChatId", { chatId: init.id })).id).toBe(project.id);
    const vars = await run("projects.createEnvVars", {
      projectId: project.id,
      environmentVariables: [{ key: "API_URL", value: "https://api.example" }],
    });
    const varId = vars.data[0].id as string;
    await run("projects.findEnvVars", { projectId: project.id });
    await run("projects.getEnvVar", { projectId: project.id, environmentVariableId: varId, decrypted: true });
    await run("projects.updateEnvVars", { projectId: project.id, environmentVariables: [{ id: varId, value: "v2" }] });
    await run("projects.deleteEnvVars", { projectId: project.id, environmentVariableIds: [varId] });

    const deployment = await run("deployments.create", { chatId: chat.id, versionId: first.id });
    await run("deployments.find", { chatId: chat.id, versionId: first.id });
    await run("deployments.getById", { deploymentId: deployment.id });
    await run("deployments.findLogs", { deploymentId: deployment.id });
    await run("deployments.findErrors", { deploymentId: deployment.id });
    await run("deployments.delete", { deploymentId: deployment.id });

    const hook = await run("hooks.create", { name: "Hook", events: ["chat.created"], url: "https://hooks.example/in" });
    await run("hooks.find");
    await run("hooks.getById", { hookId: hook.id });
    await run("hooks.update", { hookId: hook.id, name: "Hook 2" });
    await run("hooks.delete", { hookId: hook.id });

    const server = await run("mcpServers.create", {
      name: "Docs",
      url: "https://mcp.example/mcp",
      auth: {
        type: "oauth",
        config: {
          authorizationUrl: "https://auth.example/authorize",
          tokenUrl: "https://auth.example/token",
          clientId: "client-1",
        },
      },
    });
    const authorization = await run("mcpServers.createOAuthAuthorizationUrl", {
      mcpServerId: server.id,
      returnUrl: "https://dashboard.example/mcp/return",
    });
    expect(new URL(authorization.url).origin).toBe("https://auth.example");
    await run("mcpServers.find");
    await run("mcpServers.getById", { mcpServerId: server.id });
    await run("mcpServers.update", { mcpServerId: server.id, name: "Docs 2" });
    await run("mcpServers.delete", { mcpServerId: server.id });

    await run("reports.getUsage", { chatId: chat.id });
    await run("reports.getAIUsage", { limit: 5 });
    await run("reports.getUserActivity");

    await run("chats.delete", { chatId: branch.id });
    await run("projects.delete", { projectId: project.id });

    for (const name of ["integrations.vercel.projects.find", "integrations.vercel.projects.create"]) {
      const error = await run(name, name.endsWith("create") ? { projectId: "p", name: "x" } : undefined).catch(
        (e: unknown) => e as Error,
      );
      expect(String(error)).toMatch(/501|no hosting platform/);
    }
  });

  test("every method of the client was called", () => {
    const all = methodsOf(v0);
    expect(all.length).toBeGreaterThanOrEqual(59);
    expect(all.filter((name) => !called.has(name))).toEqual([]);
  });
});
