import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { outboundFetch } from "./fetch";

/**
 * The guarded fetch's two promises a caller cannot undo: no redirect is followed whatever the request says, and the
 * one exemption (webhook deliveries to the dashboard's inbox on the service's own origin) is that path only. The
 * peer is real, on 127.0.0.1: it answers 302 to `/target` on `/hop` paths and counts who reached what.
 */
let server: Server;
let origin: string;
const reached: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    reached.push(req.url ?? "");
    if (req.url?.endsWith("/hop")) res.writeHead(302, { location: `${origin}/target` }).end();
    else res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  reached.length = 0;
  delete process.env.EMBEDDED_FETCH_ALLOW_PRIVATE;
});

describe("redirects", () => {
  test("are never followed, whatever init.redirect says: the 3xx comes back and its Location is not visited", async () => {
    const send = outboundFetch({ allowPrivate: true });
    for (const redirect of [undefined, "follow", "manual"] as const) {
      const res = await send(`${origin}/hop`, redirect ? { redirect } : undefined);
      expect(res.status, String(redirect)).toBe(302);
      expect(res.headers.get("location")).toBe(`${origin}/target`);
    }
    expect(reached).toEqual(["/hop", "/hop", "/hop"]);
  });

  test('redirect: "error" stays an error (stricter, never a follow)', async () => {
    await expect(outboundFetch({ allowPrivate: true })(`${origin}/hop`, { redirect: "error" })).rejects.toThrow();
    expect(reached).not.toContain("/target");
  });

  test("the exempt inbox path does not follow a redirect either (to another path of the same origin)", async () => {
    const send = outboundFetch({ exemptPrefix: `${origin}/api/inbox/` });
    const res = await send(`${origin}/api/inbox/hop`, { method: "POST", body: "{}", redirect: "follow" });
    expect(res.status).toBe(302);
    expect(reached).toEqual(["/api/inbox/hop"]);
  });
});

describe("the webhook inbox exemption", () => {
  test("reaches the dashboard's inbox on the service's own origin, and nothing else of that origin", async () => {
    const send = outboundFetch({ exemptPrefix: `${origin}/api/inbox/` });
    expect((await send(`${origin}/api/inbox/inbox_1`, { method: "POST", body: "{}" })).status).toBe(200);
    const port = new URL(origin).port;
    for (const url of [
      `${origin}/svc/v2/chats`,
      `${origin}/api/inbox/`,
      `${origin}/api/inbox`,
      `${origin}/api/inbox-admin/inbox_1/secret`,
      `${origin}/api/inboxes/x`,
      `${origin}/api/inbox/../../svc/v2/chats`,
      `${origin}/api/inbox/%2e%2e/%2e%2e/svc/v2/chats`,
      `${origin}/API/INBOX/x`,
      `http://localhost:${port}/api/inbox/inbox_1`,
      `http://127.0.0.2:${port}/api/inbox/inbox_1`,
      `https://127.0.0.1:${port}/api/inbox/inbox_1`,
    ])
      await expect(send(url, { method: "POST", body: "{}" }), url).rejects.toThrow(/not a public host/);
    expect(reached).toEqual(["/api/inbox/inbox_1"]);
  });
});
