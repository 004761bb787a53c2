import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { strToU8, zipSync } from "fflate";
import { createV0Client, readV0Stream, V0StreamError } from "v0";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startGitServer, type GitServerPeer } from "@/e2e/peers/git-server";
import { serveOverHttp } from "@/lib/embedded/mcp/test-http";
import { listenForPreviews, type PreviewListener } from "@/lib/embedded/preview/listener";
import type { PreviewAnswer } from "@/lib/embedded/preview/pass";
import { PreviewTokens } from "@/lib/embedded/preview/tokens";
import { createEmbeddedService } from "@/lib/embedded/service";
import { call, startService, TEST_KEY } from "@/lib/embedded/test-support";
import { proxyPreview } from "@/test/preview-proxy";

/**
 * The real service's official v2 client (the `v0` package's 3.0 canary from npm, as its users install it) against the
 * embedded service in document mode (`wire: "document"`) over real HTTP: every method of the client is called once.
 * Each answer must pass the client's own reading (its date transforms, its stream reducer, which refuses an event it
 * does not know) and, as sent, the document's schema for that operation (every streamed event too). The methods the
 * embedded service does not have are listed in UNSUPPORTED with the reason, and must answer a clear 404; a method
 * added to the client and neither called nor listed fails the last test.
 */

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Client = ReturnType<typeof createV0Client>;

/** Client methods the embedded service does not have, each with why. */
const UNSUPPORTED: Record<string, string> = {
  "organizations.getSpendLimit":
    "organizations, teams, their API keys and spend limits are not in the v2 document the embedded service follows (one key, one user)",
  "organizations.setSpendLimit": "as organizations.getSpendLimit",
  "organizations.teams.listApiKeys": "as organizations.getSpendLimit",
  "organizations.teams.createApiKey": "as organizations.getSpendLimit",
  "organizations.teams.deleteApiKey": "as organizations.getSpendLimit",
  "organizations.teams.getSpendLimit": "as organizations.getSpendLimit",
  "organizations.teams.setSpendLimit": "as organizations.getSpendLimit",
  "organizations.teams.deleteSpendLimit": "as organizations.getSpendLimit",
};

/**
 * The two differences document mode keeps on purpose (docs/interoperability.md, "Document mode"), taken out of an
 * answer or event before it is validated, exactly there and nowhere else.
 */
const KEPT_DIFFERENCES = {
  hookSecret: "the webhook create answer carries its signing `secret` once",
  requestState: "an integration request part keeps its answer (status, connectedIntegrationNames, rejectedBy) in data",
} as const;
const differencesMet = new Set<keyof typeof KEPT_DIFFERENCES>();

function withoutKeptDifferences(name: string, value: unknown): unknown {
  const copy = structuredClone(value) as Json;
  if (name === "webhooks.create" && copy && "secret" in copy) {
    delete copy.secret;
    differencesMet.add("hookSecret");
  }
  const walk = (v: Json): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== "object") return;
    if (v.type === "agent-action" && v.name === "get_or_request_integration" && v.data)
      for (const key of ["status", "connectedIntegrationNames", "rejectedBy"])
        if (key in v.data) {
          delete v.data[key];
          differencesMet.add("requestState");
        }
    Object.values(v).forEach(walk);
  };
  walk(copy);
  return copy;
}

// ---------- the document's schemas ----------

const doc = JSON.parse(readFileSync(path.join(process.cwd(), "e2e/peers/reference/openapi-v2.json"), "utf8")) as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema(doc, "doc");
const pointer = (...segments: string[]) => segments.map((s) => s.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** The document's operation whose operationId is the client method's name (they match one to one). */
function operationOf(name: string): { docPath: string; method: string } {
  for (const [docPath, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>))
    for (const [method, op] of Object.entries(item)) if (op.operationId === name) return { docPath, method };
  throw new Error(`no operation ${name} in the document`);
}

/** Validates one answer (JSON) or one streamed event as the document has it for `name`'s operation and status. */
function expectDocumentShape(name: string, status: number, type: string, value: unknown): void {
  const { docPath, method } = operationOf(name);
  const ref = `doc#/${pointer("paths", docPath, method, "responses", String(status), "content", type, "schema")}`;
  const validate = ajv.getSchema(ref);
  if (!validate) throw new Error(`the document has no ${status} ${type} answer for ${name}`);
  const checked = withoutKeptDifferences(name, value);
  const ok = validate(checked) as boolean;
  expect(ok ? "valid" : `${name}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(checked).slice(0, 600)}`).toBe(
    "valid",
  );
}

// ---------- the client, over real HTTP, with what it received kept as sent ----------

interface Exchange {
  status: number;
  type: string;
  text: Promise<string>;
}
let served: Awaited<ReturnType<typeof serveOverHttp>>;
/** The service's preview listener (as `npm start` runs it beside Next), on a port of its own. */
let previews: PreviewListener;
let client: Client;
let zips: Server;
let zipBase: string;
let git: GitServerPeer;
const exchanges: Exchange[] = [];
const called = new Set<string>();

beforeAll(async () => {
  // The zip and Git imports fetch from peers on 127.0.0.1.
  process.env.EMBEDDED_FETCH_ALLOW_PRIVATE = "1";
  let servePreview = async (_req: Request): Promise<PreviewAnswer> => new Response(null, { status: 503 });
  previews = await listenForPreviews({ port: 0, handle: (req) => servePreview(req) });
  served = await serveOverHttp((publicBaseUrl) =>
    createEmbeddedService({
      apiKey: TEST_KEY,
      dataDir: "memory://",
      publicBaseUrl,
      agentDelayMs: 0,
      wire: "document",
      // The default loopback setup's preview origin: a host per chat under *.localhost.
      previewOrigin: `http://*.localhost:${previews.port}`,
    }),
  );
  servePreview = (req) => served.service.handlePreview(req);
  client = createV0Client({
    // The client adds `/api/v2/…` to its base URL; in document mode the service answers its v2 routes there.
    baseUrl: served.baseUrl,
    auth: TEST_KEY,
    // A failed stream request is reported once, not retried for ever.
    sseMaxRetryAttempts: 1,
    fetch: async (req: Request) => {
      const res = await fetch(req);
      const copy = res.clone();
      exchanges.push({ status: res.status, type: res.headers.get("content-type") ?? "", text: copy.text() });
      return res;
    },
  } as Parameters<typeof createV0Client>[0]);
  zips = createServer((req, res) => {
    if (req.url !== "/site.zip") return void res.writeHead(404).end("no such file");
    const zip = zipSync({ "site/index.html": strToU8("<h1>Zipped</h1>\n"), "site/app.js": strToU8("1;\n") });
    res.writeHead(200, { "content-type": "application/zip" }).end(Buffer.from(zip));
  });
  await new Promise<void>((resolve) => zips.listen(0, "127.0.0.1", resolve));
  zipBase = `http://127.0.0.1:${(zips.address() as AddressInfo).port}`;
  git = await startGitServer();
  git.makeRepo("app.git", { "index.html": "<h1>From Git</h1>\n" });
});
afterAll(async () => {
  delete process.env.EMBEDDED_FETCH_ALLOW_PRIVATE;
  await previews.close();
  await served.close();
  await new Promise((resolve) => zips.close(resolve));
  await git.close();
});

/** Every method of the client, by its dotted name (methods live on the resource classes' prototypes). */
function methodsOf(value: object, prefix = ""): string[] {
  const keys = new Set<string>();
  for (
    let proto = Object.getPrototypeOf(value);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  )
    for (const key of Object.getOwnPropertyNames(proto)) if (key !== "constructor") keys.add(key);
  return [...keys].flatMap((key) => {
    const v = (value as Json)[key];
    if (typeof v === "function") return [prefix + key];
    return v && typeof v === "object" ? methodsOf(v as object, `${prefix}${key}.`) : [];
  });
}

/** Calls a method by its dotted name on its resource and records it. */
async function run(name: string, params?: Json): Promise<Json> {
  const keys = name.split(".");
  const owner = keys.slice(0, -1).reduce<Json>((o, key) => o[key], client);
  called.add(name);
  return owner[keys.at(-1)!](params);
}

/** Every Date the client's transforms made is a real date (an unreadable timestamp becomes Invalid Date). */
function expectRealDates(value: unknown, at = "data"): void {
  if (value instanceof Date) return expect(Number.isNaN(value.getTime()), `${at} is Invalid Date`).toBe(false);
  if (Array.isArray(value)) return value.forEach((v, i) => expectRealDates(v, `${at}[${i}]`));
  if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) expectRealDates(v, `${at}.${k}`);
}

/** A method answering 2xx JSON: the client read it (`data`, no `error`), and the answer as sent is the document's. */
async function ok(name: string, params?: Json): Promise<Json> {
  const before = exchanges.length;
  const result = await run(name, params);
  expect(result.error, `${name}: ${JSON.stringify(result.error)}`).toBeUndefined();
  const exchange = exchanges[before]!;
  expect(exchange.status).toBeLessThan(300);
  if (exchange.type.startsWith("application/json"))
    expectDocumentShape(name, exchange.status, "application/json", JSON.parse(await exchange.text));
  expectRealDates(result.data);
  return result.data;
}

/** A method answering an error: the client hands back the body as `error`, which is the document's Error for it. */
async function refused(name: string, params: Json, status: number): Promise<Json> {
  const before = exchanges.length;
  const result = await run(name, params);
  expect(result.response.status, name).toBe(status);
  expectDocumentShape(name, status, "application/json", JSON.parse(await exchanges[before]!.text));
  return result.error;
}

/** The `data:` events of the last stream as sent, each validated against the document's event schema for `name`. */
async function sentEvents(name: string, from: number): Promise<Json[]> {
  const exchange = exchanges[from]!;
  expect(exchange.status).toBe(200);
  expect(exchange.type).toMatch(/^text\/event-stream/);
  const events = (await exchange.text)
    .split("\n\n")
    .flatMap((block) => block.split("\n").filter((l) => l.startsWith("data:")))
    .map((l) => JSON.parse(l.slice(5)) as Json);
  for (const event of events) expectDocumentShape(name, 200, "text/event-stream", event);
  return events;
}

/**
 * The client's own stream reducer over a stream as sent: this canary hands `chats.resume` and
 * `messages.resolveStream` back as raw events, where the released source wraps them in the same stream result as
 * `createStream`; replaying the stream through `createStream` of a client whose fetch answers it runs that reducer.
 */
async function reduceWithClient(sent: Promise<string>): Promise<Json> {
  const text = await sent;
  const replay = createV0Client({
    baseUrl: "http://replay.invalid",
    auth: TEST_KEY,
    sseMaxRetryAttempts: 1,
    fetch: async () => new Response(text, { headers: { "content-type": "text/event-stream" } }),
  } as Parameters<typeof createV0Client>[0]);
  return (await replay.chats.createStream({ message: "replay" })).final;
}

// ---------- a preview through an API client's preview route, over real HTTP ----------

/**
 * The `fetch` docs/embedded-service.md ("Previews on their own origin") gives API clients on the default loopback
 * setup: Node does not resolve the per-chat `*.localhost` hosts (getaddrinfo ENOTFOUND), so the request goes to the
 * preview listener's loopback address, where the token header alone says which chat it opens.
 */
const viaLoopback: typeof fetch = (input, init) => {
  const url = new URL(String(input)); // the route passes a URL
  if (url.hostname.endsWith(".localhost")) url.hostname = "127.0.0.1";
  return fetch(url, init);
};

/**
 * What a preview proxy route of an API client does with `chats.getPreview`'s answer: the official client's
 * `fetchPreview` forwards the browser's request (path, query, application headers; not its cookie or authorization)
 * to the preview origin with the token as `x-v0-preview-token`, and hands the answer back.
 */
async function expectPreviewRoute(chatId: string, preview: Json): Promise<void> {
  let refreshed = 0;
  const proxy = (path: string, token: string = preview.token) =>
    proxyPreview({
      request: new Request(`http://proxy.example/preview/${chatId}/${path}?v=2`, {
        headers: { cookie: "proxy_session=secret", authorization: "Bearer proxy-secret", accept: "text/markdown" },
      }),
      preview: { ...preview, token },
      path: path.split("/"),
      fallbackUrl: `/preview/${chatId}/loading`,
      fetch: viaLoopback,
      onPreviewRefresh: () => void refreshed++,
    });
  const file = await proxy("notes.md");
  expect(file.status).toBe(200);
  expect(await file.text()).toBe("# Written by the client\n");
  expect(file.headers.get("cache-control")).toBe("private, no-store");
  expect(file.headers.get("content-security-policy")).toMatch(/^sandbox /);
  expect((await proxy("index.html")).status).toBe(200);
  expect((await proxy("missing.png")).status).toBe(404);
  // A token that opens nothing any more (expired; a wrong one alike) asks the proxy to refresh its cached preview:
  // the route calls onPreviewRefresh and sends the frame to the fallback page, which gets a new one.
  const threeHoursAgo = () => new Date(Date.now() - 3 * 60 * 60 * 1000);
  for (const stale of [
    new PreviewTokens(TEST_KEY, threeHoursAgo).issue(chatId, "p:user_embedded").token,
    `${preview.token}x`,
  ]) {
    const before = refreshed;
    const answer = await proxy("notes.md", stale);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`http://proxy.example/preview/${chatId}/loading`);
    expect(refreshed).toBe(before + 1);
  }
  // Without the token header the loopback address serves nothing (a browser's cookie counts on preview hosts only).
  const bare = await fetch(`http://127.0.0.1:${previews.port}/notes.md`, { headers: { cookie: "atelier_preview=x" } });
  expect(bare.status).toBe(401);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function finished(chatId: string, messageId: string): Promise<Json> {
  for (let i = 0; i < 500; i++) {
    const message = await ok("messages.get", { chatId, messageId });
    if (message.finishReason !== null) return message;
    await sleep(20);
  }
  throw new Error(`message ${messageId} did not finish`);
}

// Each test drives many whole answers over HTTP; on a loaded machine that takes a while.
describe(
  "the official v2 client (v0 3.0.0-canary.6f0caa8) against the embedded service in document mode",
  { timeout: 120_000 },
  () => {
    test("chats: create (sync, streamed, async, from a zip, from a repository), list, get, update, files, preview, restore, duplicate, deploy, delete", async () => {
      // The document's model ids are taken as the neutral ones (answers keep the neutral names).
      const created = await ok("chats.create", {
        message: "A counter app /fast",
        title: "Counter",
        metadata: { team: "web" },
        modelConfiguration: { modelId: "v0-max" },
      });
      const chatId = created.chat.id as string;
      expect(created.chat.createdAt).toBeInstanceOf(Date);

      // Streamed: the client's own reducer reads every event (it throws on one it does not know).
      const from = exchanges.length;
      const streamed = await run("chats.createStream", { message: "A todo app /fast" });
      const states: Json[] = [];
      for await (const state of streamed.stream) states.push(state);
      const final = await streamed.final;
      expect(final.status).toBe("done");
      expect(final.chat.id).toEqual(expect.any(String));
      expect(states.length).toBeGreaterThan(2);
      const events = await sentEvents("chats.createStream", from);
      expect(events.map((e) => e.object)).toContain("message.parts.chunk");
      const latest = await ok("messages.list", { chatId: final.chat.id });
      const answer = latest.messages.find((m: Json) => m.role === "assistant");
      expect(final.parts).toEqual(JSON.parse(JSON.stringify(answer.parts)));
      // The stream result relayed as a Response (as an app hands it to its browser) and read back with readV0Stream.
      const relayed = await readV0Stream(streamed.toResponse()).final;
      expect(relayed.parts).toEqual(final.parts);
      expect(relayed.chat?.id).toBe(final.chat.id);

      const pending = await ok("chats.createAsync", { message: "A clock /fast" });
      expect(pending).toEqual({ chatId: expect.any(String), messageId: expect.any(String) });
      await finished(pending.chatId, pending.messageId);

      const zipped = await ok("chats.createFromZip", { url: `${zipBase}/site.zip` });
      const cloned = await ok("chats.createFromRepo", { repo: { url: `${git.url}/app.git` } });
      const imported = await ok("chats.getFiles", { chatId: cloned.chat.id });
      expect(JSON.stringify(imported)).toContain("From Git");
      expect(zipped.chat.id).not.toBe(cloned.chat.id);

      const list = await ok("chats.list", { limit: 20 });
      expect(list.chats.map((c: Json) => c.id)).toContain(chatId);
      // The metadata filter as the client sends it (`metadata[team]=web`), and a cursor to the next page.
      const tagged = await ok("chats.list", { metadata: { team: "web" }, limit: 5 });
      expect(tagged.chats.map((c: Json) => c.id)).toEqual([chatId]);
      const firstPage = await ok("chats.list", { limit: 2 });
      const nextPage = await ok("chats.list", { limit: 2, cursor: firstPage.cursor });
      expect(nextPage.chats.map((c: Json) => c.id)).not.toContain(firstPage.chats[0].id);
      expect((await ok("chats.get", { chatId })).id).toBe(chatId);
      expect((await ok("chats.update", { chatId, title: "Counter 2" })).title).toBe("Counter 2");

      const files = await ok("chats.getFiles", { chatId });
      expect(files.files.length).toBeGreaterThan(0);
      const changed = await ok("chats.updateFiles", {
        chatId,
        files: [{ path: "notes.md", content: "# Written by the client\n" }],
      });
      expect(changed.messages.length).toBeGreaterThan(0);
      const zip = await ok("chats.downloadFiles", { chatId });
      const bytes = new Uint8Array(await (zip as Blob).arrayBuffer());
      expect([...bytes.slice(0, 2)]).toEqual([0x50, 0x4b]);

      const preview = await ok("chats.getPreview", { chatId });
      expect(preview).toEqual({ url: expect.any(String), token: expect.any(String), expiresAt: expect.any(String) });
      expect(preview.url).toMatch(new RegExp(`^http://p[a-z2-7]{26}\\.localhost:${previews.port}/$`));
      await expectPreviewRoute(chatId, preview);

      const messages = (await ok("messages.list", { chatId })).messages as Json[];
      const answers = messages.filter((m) => m.role === "assistant");
      // The chat's first answer: its files are not the chat's files any more (notes.md was added since).
      const firstAnswer = answers.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0]!;
      const restored = await ok("chats.restoreMessage", { chatId, messageId: firstAnswer.id });
      expect(restored.messages.length).toBeGreaterThan(0);
      const copy = await ok("chats.duplicate", { chatId, privacy: "private", title: "Counter copy" });
      expect(copy.id).not.toBe(chatId);
      const linked = await ok("chats.createVercelProject", { chatId, name: "counter" });
      expect(linked.vercelProjectId).toEqual(expect.any(String));
      const deployed = await ok("chats.deploy", { chatId });
      expect(deployed.deploymentId).toEqual(expect.any(String));

      await ok("chats.delete", { chatId: copy.id });
      expect((await refused("chats.get", { chatId: copy.id }, 404)).message).toMatch(/not found/);
      expect((await refused("chats.create", { message: "" }, 422)).message).toMatch(/message/);
    });

    test("messages: send (sync, async, streamed), list, get, resume, stop", async () => {
      const chatId = (await ok("chats.create", { message: "A notes app /fast" })).chat.id as string;
      const sent = await ok("messages.send", { chatId, message: "Make it blue /fast" });
      expect(sent.role).toBe("assistant");
      expect(sent.finishReason).toBe("stop");
      const queued = await ok("messages.sendAsync", { chatId, message: "Add a footer /fast" });
      expect(queued).toEqual({ messageId: expect.any(String) });
      await finished(chatId, queued.messageId);

      const from = exchanges.length;
      const streamed = await run("messages.sendStream", { chatId, message: "Add a header /fast" });
      const final = await streamed.final;
      const events = await sentEvents("messages.sendStream", from);
      expect(events[0].object).toBe("message");
      expect(events.at(-1).object).toBe("message");
      expect(final.message.id).toBe(events[0].id);
      const stored = await ok("messages.get", { chatId, messageId: final.message.id });
      expect(final.parts).toEqual(JSON.parse(JSON.stringify(stored.parts)));
      expect(final.message.finishReason).toBe("stop");
      expect((await ok("messages.list", { chatId, limit: 50 })).messages.length).toBeGreaterThanOrEqual(8);

      // Resume: a paced answer is followed from the middle to its end.
      const paced = await ok("messages.sendAsync", { chatId, message: "Add a map /pace 150" });
      for (let i = 0; i < 200 && !(await ok("messages.get", { chatId, messageId: paced.messageId })).parts.length; i++)
        await sleep(10);
      const resumeFrom = exchanges.length;
      const resumed = await run("chats.resume", { chatId });
      const seen: Json[] = [];
      for await (const event of resumed.stream) seen.push(event);
      const resumeEvents = await sentEvents("chats.resume", resumeFrom);
      expect(seen).toEqual(resumeEvents);
      // It followed the answer while it was generated: chat events around the deltas.
      expect(resumeEvents[0].object).toBe("chat");
      expect(resumeEvents.filter((e) => e.object === "message.parts.chunk").length).toBeGreaterThan(1);
      const resumedFinal = await reduceWithClient(exchanges[resumeFrom]!.text);
      expect(resumedFinal.chat.id).toBe(chatId);
      const pacedAnswer = await finished(chatId, paced.messageId);
      expect(pacedAnswer.finishReason).toBe("stop");
      // The client rebuilt the whole answer from the resumed stream (its deltas start from no parts).
      expect(resumedFinal.parts).toEqual(JSON.parse(JSON.stringify(pacedAnswer.parts)));

      const slow = await ok("messages.sendAsync", { chatId, message: "Add a chart /pace 200" });
      expect(await ok("messages.stop", { chatId, messageId: slow.messageId })).toEqual({ messageId: slow.messageId });
      expect((await finished(chatId, slow.messageId)).finishReason).toBe("stop");
    });

    test("approvals: an integration request resolved streamed, in sync and async", async () => {
      const task = { type: "confirmed-steps", connectedIntegrationNames: ["Stripe"] };
      const blocked = async () => {
        const created = await ok("chats.create", { message: "A shop /integration Stripe /fast" });
        const chatId = created.chat.id as string;
        const messages = (await ok("messages.list", { chatId })).messages as Json[];
        const newest = messages.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
        expect(newest.finishReason).toBe("tool-calls");
        return chatId;
      };

      const chatId = await blocked();
      const from = exchanges.length;
      const resolving = await run("messages.resolveStream", { chatId, task });
      const seen: Json[] = [];
      for await (const event of resolving.stream) seen.push(event);
      const events = await sentEvents("messages.resolveStream", from);
      expect(seen).toEqual(events);
      expect(events[0].object).toBe("message");
      expect(events.at(-1)).toMatchObject({ object: "message", finishReason: "stop" });
      const reduced = await reduceWithClient(exchanges[from]!.text);
      const answer = await ok("messages.get", { chatId, messageId: events[0].id });
      expect(reduced.parts).toEqual(JSON.parse(JSON.stringify(answer.parts)));
      expect(reduced.message.finishReason).toBe("stop");

      const resolved = await ok("messages.resolve", { chatId: await blocked(), task });
      expect(resolved.finishReason).toBe("stop");
      const later = await blocked();
      const queued = await ok("messages.resolveAsync", { chatId: later, task });
      expect(queued).toEqual({ messageId: expect.any(String) });
      expect((await finished(later, queued.messageId)).finishReason).toBe("stop");
    });

    test("webhooks and MCP servers: create, list (the webhooks list is a bare array), get, update, delete", async () => {
      const hook = await ok("webhooks.create", {
        name: "Hook",
        events: ["chat.created", "message.finished"],
        url: "https://hooks.example/in",
      });
      const hooks = await ok("webhooks.list");
      expect(Array.isArray(hooks)).toBe(true);
      expect(hooks).toContainEqual({ id: hook.id, name: "Hook" });
      expect((await ok("webhooks.get", { hookId: hook.id })).url).toBe("https://hooks.example/in");
      expect((await ok("webhooks.update", { hookId: hook.id, name: "Hook 2" })).name).toBe("Hook 2");
      await ok("webhooks.delete", { hookId: hook.id });

      const server = await ok("mcpServers.create", {
        name: "Docs",
        url: "https://mcp.example/mcp",
        auth: { type: "bearer", token: "t0ken" },
      });
      expect((await ok("mcpServers.list")).map((s: Json) => s.id)).toContain(server.id);
      expect((await ok("mcpServers.get", { mcpServerId: server.id })).name).toBe("Docs");
      expect((await ok("mcpServers.update", { mcpServerId: server.id, name: "Docs 2" })).name).toBe("Docs 2");
      expect(await ok("mcpServers.delete", { mcpServerId: server.id })).toEqual({ success: true });
    });

    test("the methods the embedded service does not have answer a clear 404", async () => {
      const params = { orgId: "org", teamId: "team", keyId: "key", name: "k", limit: 10 };
      for (const name of Object.keys(UNSUPPORTED)) {
        const result = await run(name, params);
        expect(result.response.status, name).toBe(404);
        expect(result.error.message, name).toMatch(/No such endpoint/);
      }
    });

    test("a stream the service refuses is the client's error, not a hang", async () => {
      const refused = await run("messages.sendStream", { chatId: "no-such-chat", message: "Hello" });
      await expect(refused.final).rejects.toBeInstanceOf(V0StreamError);
    });

    test("no difference from the document but the two kept on purpose", () => {
      expect([...differencesMet].every((key) => key in KEPT_DIFFERENCES)).toBe(true);
      expect(differencesMet.has("hookSecret")).toBe(true);
    });

    test("the client's `/api/v2/…` paths are routes in document mode only: the spec's wire keeps `{base_url}/v2/…`", async () => {
      const spec = await startService();
      try {
        expect((await call(spec, "GET", "/api/v2/chats")).status).toBe(404);
        expect((await call(spec, "GET", "/v2/chats")).status).toBe(200);
      } finally {
        await spec.close();
      }
    });

    test("every method of the client was called", () => {
      const all = methodsOf(client);
      expect(all.length).toBeGreaterThanOrEqual(45);
      expect(all.filter((name) => !called.has(name) && !(name in UNSUPPORTED))).toEqual([]);
    });
  },
);
