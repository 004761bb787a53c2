import { describe, expect, it } from "vitest";
import { proxyRequest, type ProxyOptions } from "./proxy";

const APP = "http://127.0.0.1:3100";
const KEY = "sk_test_server_side_only";

/** A real peer standing in for the upstream: it records what reached it and answers with what the test says. */
function recordingUpstream(answer: (r: Request) => Response | Promise<Response> = () => Response.json({ ok: true })) {
  const seen: Request[] = [];
  const upstream = async (r: Request) => {
    seen.push(r.clone());
    return answer(r);
  };
  return { seen, upstream };
}

function options(over: Partial<ProxyOptions> = {}): ProxyOptions {
  return {
    upstream: recordingUpstream().upstream,
    baseUrl: "http://upstream.test/svc",
    appUrl: APP,
    caller: async () => ({ personId: "user_embedded", role: "admin", apiKey: KEY, actingAs: null }),
    ...over,
  };
}

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  new Request(`${APP}/api/service/${path}`, {
    method: "POST",
    body,
    headers: { origin: APP, "content-type": "application/json", ...headers },
  });

describe("proxy", () => {
  it("refuses without a session (401, spec error shape) and never calls upstream", async () => {
    const { seen, upstream } = recordingUpstream();
    const res = await proxyRequest(
      new Request(`${APP}/api/service/v2/chats`),
      ["v2", "chats"],
      options({ upstream, caller: async () => null }),
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: expect.stringMatching(/sign in/i) });
    expect(seen).toHaveLength(0);
  });

  it("answers v1 paths with the v1 error shape", async () => {
    const res = await proxyRequest(
      new Request(`${APP}/api/service/v1/user`),
      ["v1", "user"],
      options({ caller: async () => null }),
    );
    const body = await res.json();
    expect(body.error).toMatchObject({ code: "unauthorized", type: "authentication_error" });
  });

  it("refuses cross-origin mutations and mutations without any origin signal", async () => {
    const { seen, upstream } = recordingUpstream();
    const evil = await proxyRequest(
      post("v2/chats", '{"message":"hi"}', { origin: "https://evil.example" }),
      ["v2", "chats"],
      options({ upstream }),
    );
    expect(evil.status).toBe(403);
    const none = new Request(`${APP}/api/service/v2/chats`, { method: "POST", body: '{"message":"hi"}' });
    expect((await proxyRequest(none, ["v2", "chats"], options({ upstream }))).status).toBe(403);
    const nullOrigin = await proxyRequest(
      post("v2/chats", '{"message":"hi"}', { origin: "null" }),
      ["v2", "chats"],
      options({ upstream }),
    );
    expect(nullOrigin.status).toBe(403);
    expect(seen).toHaveLength(0);
  });

  it("accepts the APP_URL origin, the Host-derived origin and sec-fetch-site same-origin", async () => {
    const { seen, upstream } = recordingUpstream();
    const o = options({ upstream });
    expect((await proxyRequest(post("v2/chats", '{"message":"a"}'), ["v2", "chats"], o)).status).toBe(200);
    const viaHost = post("v2/chats", '{"message":"b"}', { origin: "http://localhost:3100", host: "localhost:3100" });
    expect((await proxyRequest(viaHost, ["v2", "chats"], o)).status).toBe(200);
    const fetchMeta = new Request(`${APP}/api/service/v2/chats`, {
      method: "POST",
      body: '{"message":"c"}',
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect((await proxyRequest(fetchMeta, ["v2", "chats"], o)).status).toBe(200);
    expect(seen).toHaveLength(3);
  });

  it("forwards only the spec's paths", async () => {
    const { seen, upstream } = recordingUpstream();
    for (const segs of [
      ["v2", "admin"],
      ["v3", "chats"],
      ["v2", "mcp-servers", "oauth", "callback"],
      ["v2", "chats", "a", "b", "c", "d"],
    ]) {
      const res = await proxyRequest(new Request(`${APP}/api/service/${segs.join("/")}`), segs, options({ upstream }));
      expect(res.status, segs.join("/")).toBe(404);
    }
    expect(seen).toHaveLength(0);
  });

  it("validates bodies with the contract schemas before forwarding", async () => {
    const { seen, upstream } = recordingUpstream();
    const missing = await proxyRequest(post("v2/chats", "{}"), ["v2", "chats"], options({ upstream }));
    expect(missing.status).toBe(422);
    expect((await missing.json()).message).toMatch(/^message: /);
    const malformed = await proxyRequest(post("v2/chats", "{not json"), ["v2", "chats"], options({ upstream }));
    expect(malformed.status).toBe(400);
    const empty = await proxyRequest(post("v2/chats", ""), ["v2", "chats"], options({ upstream }));
    expect(empty.status).toBe(422);
    expect(seen).toHaveLength(0);
  });

  it("refuses a bad hand edit as the service does: 422 Invalid file contents with every issue; forwards a good one", async () => {
    const { seen, upstream } = recordingUpstream();
    const patch = (body: unknown) =>
      new Request(`${APP}/api/service/v2/chats/chat_1/files`, {
        method: "PATCH",
        body: JSON.stringify(body),
        headers: { origin: APP, "content-type": "application/json" },
      });
    const segs = ["v2", "chats", "chat_1", "files"];
    const bad = await proxyRequest(
      patch({ files: [{ path: "../up.js", content: "x" }, { path: "a.js" }] }),
      segs,
      options({ upstream }),
    );
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { message: string; issues: { path: string }[] };
    expect(body.message).toBe("Invalid file contents");
    expect(body.issues.map((i) => i.path)).toEqual(["files.0.path", "files.1.content"]);
    expect(seen).toHaveLength(0);
    const good = await proxyRequest(patch({ files: [{ path: "a.js", content: null }] }), segs, options({ upstream }));
    expect(good.status).toBe(200);
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(["PATCH /svc/v2/chats/chat_1/files"]);
  });

  it("forwards the v1 deployment operations (the route table is the allowlist), bodies validated; not the hosted sites", async () => {
    const { seen, upstream } = recordingUpstream();
    const body = JSON.stringify({ chatId: "chat_1", versionId: "ver_1" });
    const created = await proxyRequest(post("v1/deployments", body), ["v1", "deployments"], options({ upstream }));
    expect(created.status).toBe(200);
    for (const segs of [
      ["v1", "deployments"],
      ["v1", "deployments", "dpl_1"],
      ["v1", "deployments", "dpl_1", "logs"],
      ["v1", "deployments", "dpl_1", "errors"],
    ]) {
      const res = await proxyRequest(
        new Request(`${APP}/api/service/${segs.join("/")}?since=1`),
        segs,
        options({ upstream }),
      );
      expect(res.status, segs.join("/")).toBe(200);
    }
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      "POST /svc/v1/deployments",
      "GET /svc/v1/deployments",
      "GET /svc/v1/deployments/dpl_1",
      "GET /svc/v1/deployments/dpl_1/logs",
      "GET /svc/v1/deployments/dpl_1/errors",
    ]);
    const bad = await proxyRequest(post("v1/deployments", "{}"), ["v1", "deployments"], options({ upstream }));
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.message).toMatch(/chatId/);
    const site = await proxyRequest(
      new Request(`${APP}/api/service/hosting/dpl_1/`),
      ["hosting", "dpl_1"],
      options({ upstream }),
    );
    expect(site.status).toBe(404);
    expect(seen).toHaveLength(5);
  });

  it("injects the server-held key and strips the browser's cookies and authorization", async () => {
    const { seen, upstream } = recordingUpstream();
    const req = new Request(`${APP}/api/service/v2/chats?limit=5&cursor=abc`, {
      headers: { cookie: "authjs.session-token=secret", authorization: "Bearer browser-token" },
    });
    await proxyRequest(req, ["v2", "chats"], options({ upstream }));
    expect(seen).toHaveLength(1);
    const got = seen[0]!;
    expect(got.url).toBe("http://upstream.test/svc/v2/chats?limit=5&cursor=abc");
    expect(got.headers.get("authorization")).toBe(`Bearer ${KEY}`);
    expect(got.headers.get("cookie")).toBeNull();
  });

  it("acts as the signed-in person: the acting header from the caller, never one the browser sent", async () => {
    const { seen, upstream } = recordingUpstream();
    const member = async () => ({ personId: "user_m1", role: "member" as const, apiKey: KEY, actingAs: "user_m1" });
    const forged = new Request(`${APP}/api/service/v2/chats`, { headers: { "x-atelier-acting-as": "user_embedded" } });
    await proxyRequest(forged, ["v2", "chats"], options({ upstream, caller: member }));
    expect(seen[0]!.headers.get("x-atelier-acting-as")).toBe("user_m1");
    expect(seen[0]!.headers.get("authorization")).toBe(`Bearer ${KEY}`);
    // A remote deployment: the person's own key, no acting header at all (even a forged one).
    const remote = async () => ({ personId: "user_m1", role: "member" as const, apiKey: "sk_own", actingAs: null });
    await proxyRequest(forged.clone(), ["v2", "chats"], options({ upstream, caller: remote }));
    expect(seen[1]!.headers.get("x-atelier-acting-as")).toBeNull();
    expect(seen[1]!.headers.get("authorization")).toBe("Bearer sk_own");
  });

  it("refuses a viewer's writes itself (403 naming the role, nothing sent upstream); a viewer's reads pass", async () => {
    const { seen, upstream } = recordingUpstream();
    const viewer = async () => ({ personId: "user_v", role: "viewer" as const, apiKey: KEY, actingAs: "user_v" });
    const write = await proxyRequest(
      post("v2/chats", '{"message":"hi"}'),
      ["v2", "chats"],
      options({ upstream, caller: viewer }),
    );
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({ message: "This needs the member role; you are a viewer." });
    const v1 = await proxyRequest(
      new Request(`${APP}/api/service/v1/chats/c1`, { method: "DELETE", headers: { origin: APP } }),
      ["v1", "chats", "c1"],
      options({ upstream, caller: viewer }),
    );
    expect(v1.status).toBe(403);
    expect((await v1.json()).error).toMatchObject({ message: "This needs the member role; you are a viewer." });
    expect(seen).toHaveLength(0);
    const read = await proxyRequest(
      new Request(`${APP}/api/service/v2/chats`),
      ["v2", "chats"],
      options({ upstream, caller: viewer }),
    );
    expect(read.status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it("refuses what the route's role needs more than the person has: admin-only routes for a member; a viewer may re-attach to a stream", async () => {
    const { seen, upstream } = recordingUpstream();
    const member = async () => ({ personId: "user_m", role: "member" as const, apiKey: KEY, actingAs: "user_m" });
    const viewer = async () => ({ personId: "user_v", role: "viewer" as const, apiKey: KEY, actingAs: "user_v" });
    const members = await proxyRequest(
      new Request(`${APP}/api/service/v2/team/members`),
      ["v2", "team", "members"],
      options({ upstream, caller: member }),
    );
    expect(members.status).toBe(403);
    expect(await members.json()).toEqual({ message: "This needs the admin role; you are a member." });
    const hooks = await proxyRequest(
      new Request(`${APP}/api/service/v1/hooks`),
      ["v1", "hooks"],
      options({ upstream, caller: member }),
    );
    expect((await hooks.json()).error).toMatchObject({ code: "role_required" });
    expect(seen).toHaveLength(0);
    const resume = await proxyRequest(
      new Request(`${APP}/api/service/v2/chats/c1/resume`, { method: "POST", headers: { origin: APP } }),
      ["v2", "chats", "c1", "resume"],
      options({ upstream, caller: viewer }),
    );
    expect(resume.status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it("passes upstream errors through and drops upstream cookies and redirects", async () => {
    const { upstream } = recordingUpstream(() =>
      Response.json({ message: "Chat not found" }, { status: 404, headers: { "set-cookie": "x=1" } }),
    );
    const res = await proxyRequest(
      new Request(`${APP}/api/service/v2/chats/nope`),
      ["v2", "chats", "nope"],
      options({ upstream }),
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Chat not found" });
    expect(res.headers.get("set-cookie")).toBeNull();
    const redirecting = recordingUpstream(
      () => new Response(null, { status: 302, headers: { location: "https://evil.example" } }),
    );
    const r2 = await proxyRequest(
      new Request(`${APP}/api/service/v2/chats`),
      ["v2", "chats"],
      options({ upstream: redirecting.upstream }),
    );
    expect(r2.status).toBe(502);
    expect(r2.headers.get("location")).toBeNull();
  });

  it("reports an unreachable upstream as 502 with what to do", async () => {
    const res = await proxyRequest(
      new Request(`${APP}/api/service/v2/chats`),
      ["v2", "chats"],
      options({
        upstream: async () => {
          throw new TypeError("fetch failed");
        },
      }),
    );
    expect(res.status).toBe(502);
    expect((await res.json()).message).toMatch(/SERVICE_BASE_URL/);
  });

  it("streams server-sent events through without buffering", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const encoder = new TextEncoder();
    const { upstream } = recordingUpstream(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(encoder.encode('data: {"object":"chat.title","id":"c","delta":"T"}\n\n'));
              await gate;
              controller.enqueue(encoder.encode('data: {"object":"chat.title","id":"c","delta":"Two"}\n\n'));
              controller.close();
            },
          }),
          { headers: { "content-type": "text/event-stream" } },
        ),
    );
    const res = await proxyRequest(
      post("v2/chats/stream", '{"message":"x"}'),
      ["v2", "chats", "stream"],
      options({ upstream }),
    );
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('"delta":"T"');
    release();
    const second = await reader.read();
    expect(new TextDecoder().decode(second.value)).toContain('"delta":"Two"');
  });
});
