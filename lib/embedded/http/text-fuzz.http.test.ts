import { describe, expect, test } from "vitest";
import { MAX_JSON_DEPTH, ROUTES, matchRoute, versionOfPath, type RouteSpec } from "@/lib/api";
import { proxyRequest } from "@/lib/server/proxy";
import { call, waitFor, serviceForFile } from "../test-support";

/**
 * Text the database cannot store: for every POST/PATCH/PUT route with a body schema, a valid body, then each string
 * field in turn replaced by a NUL-containing, a lone-surrogate, a 1 MB and a control-character string. Never a 5xx;
 * a 2xx stores the string exactly (read back); a 4xx names the field. Then bodies nested thousands of levels deep
 * (every recursive walk over them would overflow the stack), to the service and through the dashboard's proxy.
 */

const svc = serviceForFile();

const KINDS = {
  nul: "nul\u0000byte",
  surrogate: "lone\ud800surrogate",
  big: `big${"é0123456789abcdef".repeat(64 * 1024)}end`, // ~1.1 MB of UTF-8
  control: "ctl\u0001\u0007\u001b[0m\u001f\u007f\u0085\t\nend",
} as const;
type Kind = keyof typeof KINDS;

type Path = (string | number)[];
interface Ctx {
  /** A finished chat (no pending request). */
  chat(): Promise<string>;
  /** A chat whose latest message waits for integrations or permissions. */
  blocked(kind: "integrations" | "permissions"): Promise<{ chatId: string; task: unknown }>;
}
interface Prepared {
  path: string;
  body: Record<string, unknown>;
}
interface Fixture {
  route: string;
  prepare(ctx: Ctx): Promise<Prepared>;
  /** Where the stored resource is read back after a 2xx (besides the response itself). */
  readBack(prepared: Prepared, response: unknown): Promise<string[]>;
  /** Fields accepted but never shown again (secrets, references, redirects). */
  notEchoed?: string[];
  /** The status of the valid body when it is not a 2xx (a documented refusal such as 501 for repositories). */
  validStatus?: number;
}

const v2ChatReads = (id: string) => [`/v2/chats/${id}`, `/v2/chats/${id}/messages?limit=100`, `/v2/chats/${id}/files`];
const v1ChatReads = (id: string) => [`/v1/chats/${id}`, `/v1/chats/${id}/messages?limit=100`];
const idOf = (response: unknown): string => {
  const r = response as { id?: string; chat?: { id: string }; chatId?: string };
  return r.chat?.id ?? r.chatId ?? r.id ?? "";
};
const oauth = {
  authorizationUrl: "https://auth.example.com/authorize",
  tokenUrl: "https://auth.example.com/token",
  clientId: "client-1",
  clientSecret: "secret-1",
  scopes: ["mcp:tools"],
  usePKCE: true,
  resource: "https://mcp.example.com/mcp",
};
const OAUTH_SECRET = ["clientSecret"];
let people = 0;
/** A new team member (a viewer): its id. */
const person = async () =>
  (await ok("POST", "/v2/team/members", { email: `person${++people}@example.com`, role: "viewer" })).id as string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read field by field
async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const res = await call(svc, method, path, { body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}
const hook = async () =>
  (await ok("POST", "/v2/hooks", { name: "h", events: ["chat.created"], url: "https://hooks.example.com/in" }))
    .id as string;
const mcp = async () =>
  (
    await ok("POST", "/v2/mcp-servers", {
      name: "m",
      url: "https://mcp.example.com/mcp",
      auth: "oauth",
      oauthConfig: oauth,
    })
  ).id as string;

/** The id of the chat's newest version (v1 lists versions newest first). */
const latestVersionId = async (chatId: string) =>
  ((await ok("GET", `/v1/chats/${chatId}/versions`)) as { data: { id: string }[] }).data[0]!.id;
/** A new project with one environment variable, API_KEY = "first". */
async function projectWithEnvVar(): Promise<{ projectId: string; envVarId: string }> {
  const project = await ok("POST", "/v1/projects", { name: "Env" });
  const created = (await ok("POST", `/v1/projects/${project.id}/env-vars`, {
    environmentVariables: [{ key: "API_KEY", value: "first" }],
  })) as { data: { id: string }[] };
  return { projectId: project.id, envVarId: created.data[0]!.id };
}

/** A finished v2 chat after an async call: read it back when its message has finished. */
async function settled(chatId: string): Promise<string[]> {
  await waitFor(async () => {
    const res = await call(svc, "GET", `/v2/chats/${chatId}/messages?limit=1`);
    const latest = (res.body as { messages?: { finishReason?: string | null }[] }).messages?.[0];
    return latest?.finishReason ? true : undefined;
  });
  return v2ChatReads(chatId);
}

const createV2 = (route: string, suffix: string): Fixture => ({
  route,
  async prepare() {
    return {
      path: `/v2/chats${suffix}`,
      body: {
        message: "A landing page for a bakery",
        metadata: { team: "core" },
        mcpServerIds: [],
        privacy: "private",
      },
    };
  },
  async readBack(_p, response) {
    const id = idOf(response);
    return suffix === "/async" ? settled(id) : v2ChatReads(id);
  },
});
const sendV2 = (route: string, suffix: string): Fixture => ({
  route,
  async prepare(ctx) {
    return { path: `/v2/chats/${await ctx.chat()}/messages${suffix}`, body: { message: "Make the header blue" } };
  },
  async readBack(p) {
    const chatId = p.path.split("/")[3]!;
    return suffix === "/async" ? settled(chatId) : v2ChatReads(chatId);
  },
});
const resolveV2 = (route: string, suffix: string, kind: "integrations" | "permissions"): Fixture => ({
  route,
  async prepare(ctx) {
    const { chatId, task } = await ctx.blocked(kind);
    return { path: `/v2/chats/${chatId}/messages/resolve${suffix}`, body: { task } };
  },
  async readBack(p) {
    const chatId = p.path.split("/")[3]!;
    return suffix === "/async" ? settled(chatId) : v2ChatReads(chatId);
  },
});

/** The chat the v1.projects.patch cases move between projects. */
let patchedChat: string | undefined;
const FIXTURES: Fixture[] = [
  createV2("v2.chats.create", ""),
  createV2("v2.chats.create.stream", "/stream"),
  createV2("v2.chats.create.async", "/async"),
  sendV2("v2.messages.send", ""),
  sendV2("v2.messages.send.stream", "/stream"),
  sendV2("v2.messages.send.async", "/async"),
  resolveV2("v2.messages.resolve", "", "integrations"),
  resolveV2("v2.messages.resolve.stream", "/stream", "permissions"),
  resolveV2("v2.messages.resolve.async", "/async", "permissions"),
  {
    route: "v2.hooks.create",
    prepare: async () => ({
      path: "/v2/hooks",
      body: { name: "Deploys", events: ["chat.created"], url: "https://hooks.example.com/a" },
    }),
    readBack: async (_p, r) => [`/v2/hooks/${idOf(r)}`],
  },
  {
    route: "v2.chats.update",
    prepare: async (ctx) => ({
      path: `/v2/chats/${await ctx.chat()}`,
      body: { title: "Renamed shop", metadata: { team: "core", stage: "beta" } },
    }),
    readBack: async (p) => [p.path],
  },
  {
    route: "v2.chats.fromFiles",
    prepare: async () => ({
      path: "/v2/chats/from-files",
      body: {
        files: [{ name: "notes/readme.md", content: "# Shop\n\nA small shop.\n" }],
        title: "Seeded shop",
        metadata: { source: "fuzz" },
      },
    }),
    readBack: async (_p, r) => v2ChatReads(idOf(r)),
  },
  // The service may not reach loopback addresses here (no EMBEDDED_FETCH_ALLOW_PRIVATE): a valid body is refused
  // with 422 before any connection, so these fixtures need no network.
  {
    route: "v2.chats.fromZip",
    prepare: async () => ({
      path: "/v2/chats/from-zip",
      body: { url: "http://127.0.0.1:9/site.zip", title: "Zipped shop", metadata: { source: "fuzz" } },
    }),
    readBack: async (_p, r) => v2ChatReads(idOf(r)),
    validStatus: 422,
  },
  {
    route: "v2.chats.fromRepo",
    prepare: async () => ({
      path: "/v2/chats/from-repo",
      body: { repo: { url: "http://127.0.0.1:9/shop.git", branch: "main" }, title: "Cloned shop" },
    }),
    readBack: async (_p, r) => v2ChatReads(idOf(r)),
    validStatus: 422,
  },
  {
    route: "v2.chats.git.push",
    prepare: async (ctx) => ({
      path: `/v2/chats/${await ctx.chat()}/git/push`,
      body: { url: "http://127.0.0.1:9/shop.git", branch: "atelier", message: "From the chat" },
    }),
    readBack: async (p) => v2ChatReads(p.path.split("/")[3]!),
    validStatus: 422,
  },
  {
    route: "v2.chats.git.pull",
    // A chat without a remote: 404 (the body has no strings).
    prepare: async (ctx) => ({ path: `/v2/chats/${await ctx.chat()}/git/pull`, body: {} }),
    readBack: async (p) => v2ChatReads(p.path.split("/")[3]!),
    validStatus: 404,
  },
  {
    route: "v2.gitCredentials.create",
    prepare: async () => ({
      path: "/v2/git-credentials",
      body: { host: "git.example.com", username: "alice", token: "a token" },
    }),
    readBack: async () => ["/v2/git-credentials"],
    notEchoed: ["token"],
  },
  {
    route: "v2.chats.duplicate",
    prepare: async (ctx) => ({
      path: `/v2/chats/${await ctx.chat()}/duplicate`,
      body: { privacy: "team", title: "Copy of the shop" },
    }),
    readBack: async (_p, r) => v2ChatReads(idOf(r)),
  },
  {
    route: "v2.chats.restore",
    prepare: async (ctx) => {
      // Two answers: the first one's files can be restored.
      const chatId = await ctx.chat();
      const list = (await ok("GET", `/v2/chats/${chatId}/messages?limit=1`)) as { messages: { id: string }[] };
      await ok("POST", `/v2/chats/${chatId}/messages`, { message: "Add a reset button /fast" });
      return { path: `/v2/chats/${chatId}/restore-message`, body: { messageId: list.messages[0]!.id } };
    },
    readBack: async (p) => v2ChatReads(p.path.split("/")[3]!),
  },
  {
    route: "v2.hooks.update",
    prepare: async () => ({
      path: `/v2/hooks/${await hook()}`,
      body: { name: "Renamed", events: ["message.finished"], url: "https://hooks.example.com/b" },
    }),
    readBack: async (p) => [p.path],
  },
  {
    route: "v2.mcp.create",
    prepare: async () => ({
      path: "/v2/mcp-servers",
      body: { name: "Docs", url: "https://mcp.example.com/mcp", auth: "oauth", scope: "user", oauthConfig: oauth },
    }),
    readBack: async (_p, r) => [`/v2/mcp-servers/${idOf(r)}`],
    notEchoed: OAUTH_SECRET,
  },
  {
    route: "v2.mcp.update",
    prepare: async () => ({
      path: `/v2/mcp-servers/${await mcp()}`,
      body: { name: "Docs 2", url: "https://mcp2.example.com/mcp", oauthConfig: oauth },
    }),
    readBack: async (p) => [p.path],
    notEchoed: OAUTH_SECRET,
  },
  {
    route: "v2.mcp.authorize",
    prepare: async () => ({
      path: `/v2/mcp-servers/${await mcp()}/oauth/authorize`,
      body: { returnUrl: "https://app.example.com/back" },
    }),
    readBack: async () => [],
    notEchoed: ["returnUrl"],
  },
  // The MCP explorer: the registered OAuth server is not connected, so a valid body is answered 409 before any
  // connection; what the database cannot store is still refused first, naming the field.
  ...(
    [
      ["v2.mcp.tools.call", "tools/call", { name: "echo", arguments: { text: "hello" } }],
      ["v2.mcp.resources.read", "resources/read", { uri: "notes://readme" }],
      ["v2.mcp.prompts.get", "prompts/get", { name: "review_code", arguments: { code: "let x = 1" } }],
    ] as const
  ).map(([route, suffix, body]): Fixture => ({
    route,
    prepare: async () => ({ path: `/v2/mcp-servers/${await mcp()}/${suffix}`, body }),
    readBack: async () => [],
    validStatus: 409,
  })),
  {
    route: "v1.chats.create",
    prepare: async () => ({
      path: "/v1/chats",
      body: { message: "A portfolio site", initialContext: "Use serif fonts", responseMode: "sync" },
    }),
    readBack: async (_p, r) => v1ChatReads(idOf(r)),
    notEchoed: ["initialContext"],
  },
  {
    route: "v1.chats.create",
    prepare: async () => ({
      path: "/v1/chats",
      body: {
        type: "files",
        files: [
          { name: "index.html", content: "<h1>Hi</h1>" },
          { name: "notes/readme.md", content: "# Notes" },
        ],
      },
    }),
    readBack: async (_p, r) => [...v1ChatReads(idOf(r)), `/v2/chats/${idOf(r)}/files`],
  },
  {
    route: "v1.chats.create",
    prepare: async () => ({ path: "/v1/chats", body: { type: "repo", repo: { url: "https://git.invalid/none.git" } } }),
    readBack: async (_p, r) => v1ChatReads(idOf(r)),
    // The embedded service has no network: repository import is refused with 501 `repo_import_unsupported`.
    validStatus: 501,
  },
  {
    route: "v1.messages.send",
    prepare: async (ctx) => ({
      path: `/v1/chats/${await ctx.chat()}/messages`,
      body: { message: "Add a footer", responseMode: "sync" },
    }),
    readBack: async (p) => v1ChatReads(p.path.split("/")[3]!),
  },
  {
    route: "v1.tasks.resolve",
    prepare: async (ctx) => {
      const { chatId, task } = await ctx.blocked("permissions");
      return { path: `/v1/chats/${chatId}/tasks/resolve`, body: { task } };
    },
    readBack: async (p) => v1ChatReads(p.path.split("/")[3]!),
  },
  {
    route: "v1.versions.patch",
    prepare: async (ctx) => {
      const chatId = await ctx.chat();
      const versionId = await latestVersionId(chatId);
      return {
        path: `/v1/chats/${chatId}/versions/${versionId}`,
        body: { files: [{ name: "index.html", content: "<p>edited</p>", locked: false }] },
      };
    },
    readBack: async (p) => [p.path],
  },
  {
    route: "v2.chats.updateFiles",
    prepare: async (ctx) => ({
      path: `/v2/chats/${await ctx.chat()}/files`,
      body: { files: [{ path: "notes/todo.md", content: "# Todo\n" }] },
    }),
    readBack: async (p) => v2ChatReads(p.path.split("/")[3]!),
  },
  {
    route: "v1.versions.deleteFiles",
    prepare: async (ctx) => {
      const chatId = await ctx.chat();
      const versionId = await latestVersionId(chatId);
      return {
        path: `/v1/chats/${chatId}/versions/${versionId}/files/delete`,
        body: { filePaths: ["index.html"] },
      };
    },
    readBack: async (p) => v1ChatReads(p.path.split("/")[3]!),
  },
  {
    route: "v1.projects.create",
    prepare: async (ctx) => ({
      path: "/v1/projects",
      body: { name: "Client work", description: "For Acme", chatIds: [await ctx.chat()] },
    }),
    readBack: async (_p, r) => [`/v1/projects/${idOf(r)}`],
  },
  {
    route: "v1.projects.update",
    prepare: async (ctx) => {
      const project = await ok("POST", "/v1/projects", { name: "P" });
      return {
        path: `/v1/projects/${project.id}`,
        body: { name: "Renamed", description: "Other", chatIds: [await ctx.chat()] },
      };
    },
    readBack: async (p) => [p.path],
  },
  {
    route: "v1.projects.patch",
    prepare: async (ctx) => {
      const project = await ok("POST", "/v1/projects", { name: "P" });
      // One chat for every case: each moves it into its own new project.
      patchedChat ??= await ctx.chat();
      return {
        path: `/v1/projects/${project.id}`,
        body: { name: "Renamed", instructions: "Use small files", chatIds: [patchedChat] },
      };
    },
    readBack: async (p) => [p.path],
  },
  {
    route: "v1.projects.assign",
    prepare: async (ctx) => {
      const project = await ok("POST", "/v1/projects", { name: "P" });
      return { path: `/v1/projects/${project.id}/assign`, body: { chatId: await ctx.chat() } };
    },
    readBack: async (p) => [p.path.replace("/assign", "")],
  },
  {
    route: "v1.chats.init",
    prepare: async () => ({
      path: "/v1/chats/init",
      body: {
        type: "files",
        name: "Seeded shop",
        files: [{ name: "notes/readme.md", content: "# Shop\n\nA small shop.\n", locked: true }],
        metadata: { source: "fuzz" },
      },
    }),
    readBack: async (_p, r) => v1ChatReads(idOf(r)),
  },
  {
    route: "v1.chats.update",
    prepare: async (ctx) => ({
      path: `/v1/chats/${await ctx.chat()}`,
      body: { name: "Renamed shop", metadata: { team: "core" } },
    }),
    readBack: async (p) => [p.path],
  },
  {
    route: "v1.hooks.create",
    prepare: async () => ({
      path: "/v1/hooks",
      body: { name: "Deploys", events: ["chat.created"], url: "https://hooks.example.com/a" },
    }),
    readBack: async (_p, r) => [`/v1/hooks/${idOf(r)}`],
  },
  {
    route: "v1.hooks.update",
    prepare: async () => {
      const hook = await ok("POST", "/v1/hooks", {
        name: "H",
        events: ["chat.created"],
        url: "https://hooks.example.com/b",
      });
      return { path: `/v1/hooks/${hook.id}`, body: { name: "Renamed hook", url: "https://hooks.example.com/c" } };
    },
    readBack: async (p) => [p.path],
  },
  {
    route: "v2.hooks.test",
    prepare: async () => {
      const hook = await ok("POST", "/v2/hooks", {
        name: "T",
        events: ["chat.created"],
        url: "https://hooks.example.com/t",
      });
      return { path: `/v2/hooks/${hook.id}/test`, body: { event: "chat.created" } };
    },
    readBack: async (p) => [p.path.replace("/test", "/deliveries")],
  },
  {
    route: "v2.hooks.replay",
    prepare: async () => {
      const hook = await ok("POST", "/v2/hooks", {
        name: "R",
        events: ["chat.created"],
        url: "https://hooks.example.com/r",
      });
      return { path: `/v2/hooks/${hook.id}/deliveries/replay`, body: { since: "2026-01-01T00:00:00Z", status: "all" } };
    },
    readBack: async (p) => [p.path.replace("/replay", "")],
  },
  {
    route: "v2.apiKeys.create",
    prepare: async () => ({ path: "/v2/api-keys", body: { name: "laptop", memberId: "user_embedded" } }),
    readBack: async () => ["/v2/api-keys"],
  },
  {
    route: "v2.team.members.create",
    prepare: async () => ({
      path: "/v2/team/members",
      body: { email: `fuzz${++people}@example.com`, name: "Fuzz", role: "member" },
    }),
    readBack: async () => ["/v2/team/members"],
  },
  {
    route: "v2.team.members.update",
    prepare: async () => ({ path: `/v2/team/members/${await person()}`, body: { role: "viewer" } }),
    readBack: async (p) => ["/v2/team/members", p.path],
  },
  {
    route: "v2.team.members.transferChats",
    prepare: async () => ({
      path: `/v2/team/members/${await person()}/transfer-chats`,
      body: { toMemberId: "user_embedded" },
    }),
    readBack: async () => [],
  },
  {
    route: "v2.team.invitations.create",
    prepare: async () => ({
      path: "/v2/team/invitations",
      body: { email: `invited${++people}@example.com`, role: "viewer" },
    }),
    readBack: async () => ["/v2/team/invitations"],
  },
  {
    route: "v2.settings.setPreviewHosts",
    prepare: async () => ({ path: "/v2/settings/preview-hosts", body: { hosts: ["app.example.com"] } }),
    readBack: async () => ["/v2/settings/preview-hosts"],
  },
  {
    route: "v2.settings.setDefaultPrivacy",
    prepare: async () => ({ path: "/v2/settings/default-privacy", body: { privacy: "private" } }),
    readBack: async () => ["/v2/settings/default-privacy"],
  },
  {
    route: "v2.budgets.set",
    prepare: async () => ({
      path: "/v2/budgets",
      body: { budgets: [{ memberId: "user_embedded", period: "day", credits: 1000 }] },
    }),
    readBack: async () => ["/v2/budgets"],
  },
  {
    route: "v2.chats.context",
    prepare: async (ctx) => ({ path: `/v2/chats/${await ctx.chat()}/context`, body: { prompt: "Add a footer" } }),
    readBack: async () => [],
    // A measure of the prompt, never the prompt itself.
    notEchoed: ["prompt"],
  },
  {
    route: "v1.chats.favorite",
    prepare: async (ctx) => ({ path: `/v1/chats/${await ctx.chat()}/favorite`, body: { isFavorite: true } }),
    readBack: async (p) => [p.path.replace("/favorite", "")],
  },
  {
    route: "v1.chats.fork",
    prepare: async (ctx) => {
      const chatId = await ctx.chat();
      const versionId = await latestVersionId(chatId);
      return { path: `/v1/chats/${chatId}/fork`, body: { versionId, privacy: "team" } };
    },
    readBack: async (_p, r) => v1ChatReads(idOf(r)),
  },
  {
    route: "v1.envVars.create",
    prepare: async () => {
      const project = await ok("POST", "/v1/projects", { name: "Env" });
      return {
        path: `/v1/projects/${project.id}/env-vars`,
        body: { environmentVariables: [{ key: "API_KEY", value: "a value" }] },
      };
    },
    readBack: async (p) => [`${p.path}?decrypted=true`],
  },
  {
    route: "v1.envVars.update",
    prepare: async () => {
      const { projectId, envVarId } = await projectWithEnvVar();
      return {
        path: `/v1/projects/${projectId}/env-vars`,
        body: { environmentVariables: [{ id: envVarId, value: "second" }] },
      };
    },
    readBack: async (p) => [`${p.path}?decrypted=true`],
  },
  {
    route: "v1.envVars.delete",
    prepare: async () => {
      const { projectId, envVarId } = await projectWithEnvVar();
      return {
        path: `/v1/projects/${projectId}/env-vars/delete`,
        body: { environmentVariableIds: [envVarId] },
      };
    },
    readBack: async () => [],
  },
  {
    route: "v1.deployments.create",
    prepare: async (ctx) => {
      const chatId = await ctx.chat();
      const versionId = await latestVersionId(chatId);
      const project = await ok("POST", "/v1/projects", { name: "Hosting", chatIds: [chatId] });
      return { path: "/v1/deployments", body: { chatId, versionId, projectId: project.id } };
    },
    readBack: async (_p, r) => [`/v1/deployments/${idOf(r)}`],
  },
  {
    route: "v1.mcp.create",
    prepare: async () => ({
      path: "/v1/mcp-servers",
      body: { name: "Docs v1", url: "https://mcp.example.com/mcp", auth: { type: "oauth", config: oauth } },
    }),
    // v1 records show only `auth: {type}` (the v1 document); the OAuth settings come back on the v2 record.
    readBack: async (_p, r) => [`/v1/mcp-servers/${idOf(r)}`, `/v2/mcp-servers/${idOf(r)}`],
    notEchoed: OAUTH_SECRET,
  },
  {
    route: "v1.mcp.update",
    prepare: async () => ({
      path: `/v1/mcp-servers/${await mcp()}`,
      body: { name: "Docs v1b", url: "https://mcp3.example.com/mcp", auth: { type: "oauth", config: oauth } },
    }),
    readBack: async (p) => [p.path, p.path.replace("/v1/", "/v2/")],
    notEchoed: OAUTH_SECRET,
  },
  {
    route: "v1.mcp.authorize",
    prepare: async () => ({
      path: `/v1/mcp-servers/${await mcp()}/oauth/authorize`,
      body: { returnUrl: "https://app.example.com/back" },
    }),
    readBack: async () => [],
    notEchoed: ["returnUrl"],
  },
];

/** Every string leaf of a body, with its path. */
function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}
function withValue(body: unknown, path: Path, value: string): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return copy;
}
const label = (path: Path) =>
  path
    .map((k) => (typeof k === "number" ? `[${k}]` : `.${k}`))
    .join("")
    .slice(1);
/** The name an error must mention: the last named key on the path (`files[0].content` → content). */
const fieldName = (path: Path) => [...path].reverse().find((k): k is string => typeof k === "string")!;

function containsString(value: unknown, wanted: string): boolean {
  if (typeof value === "string") return value === wanted;
  if (Array.isArray(value)) return value.some((v) => containsString(v, wanted));
  if (value && typeof value === "object") return Object.values(value).some((v) => containsString(v, wanted));
  return false;
}
/** The JSON of a response: a plain body, or every `data:` line of an event stream. */
function parseResponse(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  if (contentType?.includes("text/event-stream")) {
    return text
      .split("\n")
      .filter((l) => l.startsWith("data:"))
      .map((l) => {
        try {
          return JSON.parse(l.slice(5));
        } catch {
          return l.slice(5);
        }
      });
  }
  return JSON.parse(text);
}
const errorMessage = (body: unknown): string => {
  const b = body as { message?: string; error?: { message?: string }; issues?: { path: string; error: string }[] };
  // The file edit's 422 lists its issues by field (the document's shape).
  const issues = b.issues?.map((i) => `${i.path}: ${i.error}`) ?? [];
  return b.error?.message ?? ([b.message, ...issues].filter(Boolean).join("; ") || JSON.stringify(body));
};

function makeCtx(): Ctx {
  return {
    async chat() {
      return idOf(await ok("POST", "/v2/chats", { message: "A simple landing page" }));
    },
    async blocked(kind) {
      const prompt = kind === "integrations" ? "Build a store /integration Stripe" : "A shop /script scripts/seed.ts";
      const chatId = idOf(await ok("POST", "/v2/chats", { message: prompt }));
      if (kind === "integrations")
        return { chatId, task: { type: "confirmed-steps", connectedIntegrationNames: ["Stripe"] } };
      const messages = (await ok("GET", `/v2/chats/${chatId}/messages?limit=1`)) as {
        messages: { parts: { suggestedPermissions?: unknown }[] }[];
      };
      const permissions = messages.messages[0]!.parts.at(-1)!.suggestedPermissions;
      return { chatId, task: { type: "confirmed-permissions", permissions } };
    },
  };
}

describe("text the database cannot store: every string field of every body route", () => {
  test("every POST/PATCH/PUT route with a body schema has a fixture", () => {
    const withBody = ROUTES.filter((r: RouteSpec) => r.body && r.method !== "GET").map((r) => r.name);
    expect(new Set(FIXTURES.map((f) => f.route))).toEqual(new Set(withBody));
  });

  for (const fixture of FIXTURES) {
    // A fixture that makes a chat per case makes a dozen or more: on CI's loaded 2 cores (coverage, the build beside)
    // v1.projects.patch took over 60 s once.
    test(`${fixture.route}`, { timeout: 180_000 }, async () => {
      const ctx = makeCtx();
      const method = ROUTES.find((r) => r.name === fixture.route)!.method;
      const send = async (prepared: Prepared, body: unknown) => {
        const res = await svc.handle(
          new Request(`http://svc.test/svc${prepared.path}`, {
            method,
            headers: { authorization: "Bearer sk_test_embedded_key", "content-type": "application/json" },
            body: JSON.stringify(body),
          }),
        );
        const text = await res.text();
        return { status: res.status, text, body: parseResponse(text, res.headers.get("content-type")) };
      };
      const base = await fixture.prepare(ctx);
      // The fixture itself is valid.
      const valid = await send(base, base.body);
      if (fixture.validStatus) expect(valid.status, valid.text).toBe(fixture.validStatus);
      else expect(valid.status, valid.text).toBeLessThan(300);
      const problems: string[] = [];
      for (const path of stringPaths(base.body)) {
        for (const kind of Object.keys(KINDS) as Kind[]) {
          const value = KINDS[kind];
          const prepared = await fixture.prepare(ctx);
          const res = await send(prepared, withValue(prepared.body, path, value));
          const text = res.text;
          const where = `${method} ${fixture.route} ${label(path)} ← ${kind}: ${res.status}`;
          if (res.status >= 500 && res.status !== fixture.validStatus) {
            problems.push(`${where} ${text.slice(0, 300)}`);
            continue;
          }
          const body = res.body;
          if (res.status === fixture.validStatus && kind !== "nul" && kind !== "surrogate") continue;
          if (res.status >= 400) {
            const message = errorMessage(body);
            if (!message.includes(fieldName(path)))
              problems.push(`${where} does not name ${fieldName(path)}: ${message.slice(0, 300)}`);
            continue;
          }
          if (kind === "nul" || kind === "surrogate") {
            problems.push(`${where} accepted text the database cannot store`);
            continue;
          }
          if (fixture.notEchoed?.includes(fieldName(path))) continue;
          const seen: unknown[] = [body];
          for (const read of await fixture.readBack(
            prepared,
            Array.isArray(body) ? (body.find((e) => idOf(e)) ?? body[0]) : body,
          )) {
            seen.push((await call(svc, "GET", read)).body);
          }
          if (!containsString(seen, value)) problems.push(`${where} but the string did not come back exactly`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

describe("query parameters and path segments", () => {
  test.each([
    ["/v2/chats?cursor=%00", "cursor"],
    ["/v2/chats?limit=1%00", "limit"],
    ["/v1/chats?cursor=a%00b", "cursor"],
    ["/v2/chats/:chat/messages?cursor=%ED%A0%80%00", "cursor"],
  ])("%s → 422 naming the parameter", async (path, name) => {
    // A chat that exists: an unknown one is a 404 before its query is read (who may read it is decided first).
    const chatId = path.includes(":chat") ? await makeCtx().chat() : "";
    const res = await call(svc, "GET", path.replace(":chat", chatId));
    expect(res.status).toBe(422);
    expect(errorMessage(res.body)).toContain(name);
  });

  test.each(["/v2/chats/chat%00x", "/v2/chats/%ED%A0%80", "/v1/projects/p%00", "/v2/hooks/%00/deliveries"])(
    "%s → 404, never 5xx",
    async (path) => {
      expect((await call(svc, "GET", path)).status).toBe(404);
    },
  );
});

/** `levels` objects nested in one another, as JSON text (JSON.stringify itself overflows the stack on such a value). */
const nested = (levels: number, inner = "1") => '{"a":'.repeat(levels) + inner + "}".repeat(levels);
const DEEP = 10_000;
/** The valid body with the string at `path` replaced by JSON text (`nested(…)`). */
function withJson(body: unknown, path: Path, json: string): string {
  const marker = "\u0001deep-marker\u0001";
  return JSON.stringify(withValue(body, path, marker)).replace(JSON.stringify(marker), json);
}

describe("bodies nested deeper than the limit: every body route, the service and the proxy", () => {
  const problems: string[] = [];
  const sendText = async (method: string, path: string, text: string) => {
    const res = await svc.handle(
      new Request(`http://svc.test/svc${path}`, {
        method,
        headers: { authorization: "Bearer sk_test_embedded_key", "content-type": "application/json" },
        body: text,
      }),
    );
    return { status: res.status, body: parseResponse(await res.text(), res.headers.get("content-type")) };
  };
  /** The spec's error shape of the path's version, saying why. */
  const isDepthError = (path: string, body: unknown) => {
    const b = body as { message?: string; error?: { code?: string; type?: string; message?: string } };
    const shaped =
      versionOfPath(path) === "v1" ? typeof b.error?.code === "string" && typeof b.error.type === "string" : true;
    return shaped && /nested more than 64 levels/.test(errorMessage(body));
  };

  for (const fixture of FIXTURES) {
    // A fixture that makes a chat per case makes a dozen or more: on CI's loaded 2 cores (coverage, the build beside)
    // v1.projects.patch took over 60 s once.
    test(`${fixture.route}`, { timeout: 180_000 }, async () => {
      const ctx = makeCtx();
      const method = ROUTES.find((r) => r.name === fixture.route)!.method;
      const base = await fixture.prepare(ctx);
      const check = async (what: string, prepared: Prepared, text: string) => {
        const res = await sendText(method, prepared.path, text);
        if (res.status !== 422 || !isDepthError(prepared.path, res.body))
          problems.push(`${fixture.route} ${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      };
      await check(`the whole body ${DEEP} levels deep`, base, nested(DEEP));
      for (const path of stringPaths(base.body)) {
        const prepared = await fixture.prepare(ctx);
        await check(`${label(path)} ${DEEP} levels deep`, prepared, withJson(prepared.body, path, nested(DEEP)));
      }
      // At the limit (MAX_JSON_DEPTH levels, the body itself being the first) depth refuses nothing.
      const [first] = stringPaths(base.body);
      if (first) {
        const prepared = await fixture.prepare(ctx);
        const atLimit = withJson(prepared.body, first, nested(MAX_JSON_DEPTH - first.length - 1, '"x"'));
        const res = await sendText(method, prepared.path, atLimit);
        if (res.status >= 500 || isDepthError(prepared.path, res.body))
          problems.push(`${fixture.route} at the limit: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
      expect(problems).toEqual([]);
    });
  }

  test("the dashboard's proxy refuses them before its schemas, in the path's error shape, forwarding nothing", async () => {
    const app = "http://127.0.0.1:3100";
    const forwarded: string[] = [];
    const ctx = makeCtx();
    const chatId = await ctx.chat();
    for (const route of ROUTES.filter((r: RouteSpec) => r.body && r.method !== "GET" && r.proxied !== false)) {
      const path = route.pattern.replace(/:chatId/g, chatId).replace(/:(\w+)/g, "$1_x");
      expect(matchRoute(route.method, path)?.route.name, path).toBe(route.name);
      const res = await proxyRequest(
        new Request(`${app}/api/service${path}`, {
          method: route.method,
          headers: { origin: app, "content-type": "application/json" },
          body: nested(DEEP),
        }),
        path.slice(1).split("/"),
        {
          upstream: (request) => {
            forwarded.push(request.url);
            return svc.handle(request);
          },
          baseUrl: "http://svc.test/svc",
          appUrl: app,
          caller: async () => ({
            personId: "user_embedded",
            role: "admin",
            apiKey: "sk_test_embedded_key",
            actingAs: null,
          }),
        },
      );
      const body = await res.json();
      expect(res.status, `${route.name}: ${JSON.stringify(body)}`).toBe(422);
      expect(isDepthError(path, body), `${route.name}: ${JSON.stringify(body)}`).toBe(true);
    }
    expect(forwarded).toEqual([]);
  });
});
