import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChatWithUsage, Preview } from "@/lib/api";
import type { EmbeddedService } from "../service";
import { call, expectSchema, startService, TEST_KEY } from "../test-support";
import { listenForPreviews, type PreviewListener } from "./listener";
import type { PreviewAnswer } from "./pass";
import { PreviewTokens } from "./tokens";

/**
 * GET /v2/chats/{chatId}/preview and the preview origin it points at, over real HTTP: the service's preview listener
 * on a port of its own, a host per chat (`*.localhost`), reached at 127.0.0.1 with the chat's Host header.
 */
let svc: EmbeddedService;
let listener: PreviewListener;
let chatId: string;
let preview: NonNullable<Preview>;
const DASHBOARD = "http://dashboard.example";
/** Preview tokens minted for the first admin (the service's key), who made every chat here. */
const ADMIN = "p:user_embedded" as const;

beforeAll(async () => {
  let handle: (req: Request) => Promise<PreviewAnswer> = async () => new Response(null, { status: 503 });
  listener = await listenForPreviews({ port: 0, host: "127.0.0.1", handle: (req) => handle(req) });
  svc = await startService({
    previewOrigin: `http://*.localhost:${listener.port}`,
    previewFrameAncestors: [DASHBOARD],
  });
  handle = (req) => svc.handlePreview(req);
  chatId = await newChat(`Build a <script>alert("x")</script> & "quote" board`);
  preview = await previewOf(chatId);
});
afterAll(async () => {
  await listener.close();
  await svc.close();
});

async function newChat(message: string): Promise<string> {
  return expectSchema(ChatWithUsage, (await call(svc, "POST", "/v2/chats", { body: { message } })).body).chat.id;
}

async function previewOf(id: string): Promise<NonNullable<Preview>> {
  return expectSchema(Preview, (await call(svc, "GET", `/v2/chats/${id}/preview`)).body)!;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request to the listener at 127.0.0.1 with `host` as the Host header (browsers resolve *.localhost there). */
function get(host: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: listener.port, path, method, headers: { host, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const hostOf = (p: NonNullable<Preview>) => new URL(p.url).host;
const withToken = (token: string) => ({ "x-v0-preview-token": token });

describe("GET /v2/chats/{chatId}/preview", () => {
  test("is null while the chat has no completed version", async () => {
    // /fail stops before the agent writes anything (its version is failed).
    const fresh = await newChat("/fail nothing");
    const res = await call(svc, "GET", `/v2/chats/${fresh}/preview`);
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });

  test("gives the chat's own preview origin (its root), a token and when it expires", async () => {
    expect(preview.url).toMatch(new RegExp(`^http://p[a-z2-7]{26}\\.localhost:${listener.port}/$`));
    expect((await previewOf(chatId)).url).toBe(preview.url);
    const other = await previewOf(await newChat("Another board"));
    expect(other.url).not.toBe(preview.url);
    // The chat, whom it was minted for (a person, or a share link: the origin checks they may still read it), when it
    // ends, and the signature.
    expect(preview.token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]{43}$/);
    const ttl = Date.parse(preview.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(60 * 60 * 1000 - 1000);
    expect(ttl).toBeLessThanOrEqual(2 * 60 * 60 * 1000);
  });

  test("the old path under the service's base is gone, with a pointer to the new one", async () => {
    const res = await svc.handle(new Request(`http://127.0.0.1:3000/svc/preview/${chatId}/x/index.html`));
    expect(res.status).toBe(410);
    expect(await res.text()).toContain("/v2/chats/{chatId}/preview");
  });
});

describe("the preview origin", () => {
  test("serves the app at the root for the x-v0-preview-token header, sandboxed and framed by the dashboard only", async () => {
    const res = await get(hostOf(preview), "/", withToken(preview.token!));
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/^sandbox allow-scripts allow-forms allow-modals allow-popups allow-same-origin; /);
    expect(csp).toContain(`frame-ancestors ${DASHBOARD};`);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.body).toContain('<link rel="stylesheet" href="styles.css" />');
    // The prompt shapes the page but is escaped.
    expect(res.body).not.toContain("<script>alert");
    expect(res.body).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quote&quot; board");
    const js = await get(hostOf(preview), "/app.js", withToken(preview.token!));
    expect(js.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    const css = await get(hostOf(preview), "/styles.css?v=2", withToken(preview.token!));
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    const head = await get(hostOf(preview), "/index.html", withToken(preview.token!), "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect((await get(hostOf(preview), "/missing.png", withToken(preview.token!))).status).toBe(404);
    // A client that reaches the listener by its address (no preview host) is served by the header alone.
    expect((await get(`127.0.0.1:${listener.port}`, "/", withToken(preview.token!))).status).toBe(200);
  });

  test("the trusted preview hosts may frame its pages too", async () => {
    await call(svc, "PUT", "/v2/settings/preview-hosts", { body: { hosts: ["embed.example:8443"] } });
    try {
      const res = await get(hostOf(preview), "/", withToken(preview.token!));
      expect(String(res.headers["content-security-policy"])).toContain(
        `frame-ancestors ${DASHBOARD} embed.example:8443;`,
      );
    } finally {
      await call(svc, "PUT", "/v2/settings/preview-hosts", { body: { hosts: [] } });
    }
  });

  test("no token, a wrong one, an expired one, another key's or another chat's: 401 in plain text, nothing served", async () => {
    const host = hostOf(preview);
    const other = await previewOf(await newChat("Someone else's board"));
    const hourAgo3 = () => new Date(Date.now() - 3 * 60 * 60 * 1000);
    const refusals: [string, Record<string, string>][] = [
      ["none", {}],
      ["wrong", withToken(`${preview.token!.slice(0, -2)}xx`)],
      ["garbage", withToken("not a token")],
      ["expired", withToken(new PreviewTokens(TEST_KEY, hourAgo3).issue(chatId, ADMIN).token)],
      ["another key's", withToken(new PreviewTokens("another key").issue(chatId, ADMIN).token)],
      ["another chat's on this chat's host", withToken(other.token!)],
      ["a cookie that is not a token", { cookie: "atelier_preview=nope" }],
    ];
    for (const [name, headers] of refusals) {
      const res = await get(host, "/", headers);
      expect(res.status, name).toBe(401);
      expect(res.headers["content-type"], name).toBe("text/plain; charset=utf-8");
      expect(res.body, name).not.toContain("<html");
    }
    const expired = await get(host, "/", withToken(new PreviewTokens(TEST_KEY, hourAgo3).issue(chatId, ADMIN).token));
    expect(expired.body).toContain("expired");
    // Another chat's token serves that other chat only, on its own host.
    const theirs = await get(hostOf(other), "/", withToken(other.token!));
    expect(theirs.status).toBe(200);
    expect(theirs.body).toContain("Someone else");
    expect(theirs.body).not.toContain("&quot;quote&quot; board");
  });

  test("a header token that opens nothing any more asks the client's proxy to refresh (x-v0-preview-refresh)", async () => {
    const host = hostOf(preview);
    const expired = new PreviewTokens(TEST_KEY, () => new Date(Date.now() - 3 * 60 * 60 * 1000)).issue(
      chatId,
      ADMIN,
    ).token;
    for (const [name, where, token] of [
      ["expired", host, expired],
      ["wrong", host, `${preview.token!}x`],
      ["expired, at the bare address", `127.0.0.1:${listener.port}`, expired],
    ] as const) {
      const res = await get(where, "/", withToken(token));
      expect(res.status, name).toBe(401);
      expect(res.headers["x-v0-preview-refresh"], name).toBe("1");
    }
    // No header token (a browser: no token, or its cookie): nothing to refresh.
    for (const headers of [{}, { cookie: `atelier_preview=${expired}` }] as Record<string, string>[]) {
      const res = await get(host, "/", headers);
      expect(res.status).toBe(401);
      expect(res.headers["x-v0-preview-refresh"]).toBeUndefined();
    }
    // A valid token of another chat on this chat's host is refused as it was: a new token would not open this host.
    const other = await previewOf(await newChat("A fourth board"));
    const theirs = await get(host, "/", withToken(other.token!));
    expect(theirs.status).toBe(401);
    expect(theirs.headers["x-v0-preview-refresh"]).toBeUndefined();
  });

  test("tokens expire by the clock they were issued by", async () => {
    let now = new Date("2030-01-01T10:20:00Z");
    const tokens = new PreviewTokens(TEST_KEY, () => now);
    const { token, expiresAt } = tokens.issue(chatId, ADMIN);
    expect(expiresAt).toBe("2030-01-01T12:00:00.000Z");
    expect(tokens.verify(token)).toEqual({ ok: true, chatId, subject: ADMIN, expiresAt: new Date(expiresAt) });
    now = new Date("2030-01-01T11:59:59Z");
    expect(tokens.verify(token).ok).toBe(true);
    now = new Date("2030-01-01T12:00:00Z");
    expect(tokens.verify(token)).toEqual({ ok: false, reason: "expired" });
    // The same token for the whole hour (the dashboard's frame does not reload on a refetch).
    now = new Date("2030-01-01T10:59:00Z");
    expect(tokens.issue(chatId, ADMIN).token).toBe(token);
    expect(new PreviewTokens("another key", () => now).verify(token)).toEqual({ ok: false, reason: "invalid" });
    // The chat is in the token: swapping it breaks the signature.
    const [, ...rest] = token.split(".");
    const forged = [Buffer.from("chat_other").toString("base64url"), ...rest].join(".");
    expect(tokens.verify(forged)).toEqual({ ok: false, reason: "invalid" });
  });

  test("the handoff sets an HttpOnly cookie for this host and redirects to a path of this origin only", async () => {
    const host = hostOf(preview);
    const handoff = (token: string, path: string) =>
      get(host, `/__atelier/handoff?${new URLSearchParams({ token, path })}`);
    const ok = await handoff(preview.token!, "/app.js?x=1#top");
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe("/app.js?x=1#top");
    const cookie = String(ok.headers["set-cookie"]);
    expect(cookie).toMatch(
      /^atelier_preview=[^;]+; Path=\/; HttpOnly; Secure; SameSite=None; Partitioned; Max-Age=\d+$/,
    );
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)![1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(2 * 60 * 60);
    // The cookie opens the chat's files on its host…
    const sent = { cookie: cookie.split(";")[0]! };
    expect((await get(host, "/", sent)).status).toBe(200);
    expect((await get(host, "/app.js", sent)).status).toBe(200);
    // …not on another chat's host, nor on the bare address.
    const other = await previewOf(await newChat("A third board"));
    expect((await get(hostOf(other), "/", sent)).status).toBe(401);
    expect((await get(`127.0.0.1:${listener.port}`, "/", sent)).status).toBe(401);
    // No open redirect: only a path of this origin.
    for (const bad of [
      "//evil.example/",
      "https://evil.example/",
      "/\\evil.example",
      "evil",
      "/x\r\nset-cookie: a=b",
    ]) {
      const res = await handoff(preview.token!, bad);
      expect(res.status, bad).toBe(400);
      expect(res.headers.location, bad).toBeUndefined();
      expect(res.headers["set-cookie"], bad).toBeUndefined();
    }
    // A token that does not open this host's chat sets nothing.
    for (const token of ["nope", other.token!]) {
      const res = await handoff(token, "/");
      expect(res.status).toBe(401);
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    // Not on a bare address (no preview host): its cookie would open the chat for whoever comes next.
    const bare = await get(`127.0.0.1:${listener.port}`, `/__atelier/handoff?token=${preview.token}&path=/`);
    expect(bare.status).toBe(401);
  });

  test("rejects traversal, encoded or not, with 400 before looking at anything", async () => {
    const host = hostOf(preview);
    for (const bad of [
      "/..%2f..%2fsecrets.json",
      "/%2e%2e%2fsecrets.json",
      "/a%5c..%5cb",
      "/..%252f",
      "/%00index.html",
    ]) {
      const res = await get(host, bad, withToken(preview.token!));
      expect(res.status, bad).toBe(400);
      expect(res.headers["content-type"], bad).toMatch(/^text\/plain/);
    }
    // Raw dot segments are resolved within the origin's root: nothing above it can be named.
    expect((await get(host, "/../../secrets.json", withToken(preview.token!))).status).toBe(404);
  });

  test("only GET and HEAD", async () => {
    expect((await get(hostOf(preview), "/", withToken(preview.token!), "POST")).status).toBe(405);
  });
});
