import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChatWithUsage, Preview } from "@/lib/api";
import type { PreviewListener } from "../preview/listener";
import { bwrapUnavailable, killAll } from "../sandbox/test-support";
import type { EmbeddedService } from "../service";
import { call, expectSchema, waitFor } from "../test-support";
import { describeWithoutPostgres, throwawayDatabase } from "../test-pg";
import { ChatApp } from "@/lib/api/schemas";
import { CONTROL_HEADER, controlPath } from "./control";
import { FORWARDED_HEADER, ForwardSigner } from "./forward";
import { askPreview, startPreviewService, type PreviewAnswerSeen } from "./test-support";

/**
 * Two instances of the embedded service on one PostgreSQL database, each with its own preview listener, running a
 * chat's zero-dependency Node app in the bubblewrap sandbox (issue 41): a preview request reaching the instance that
 * does not run the app is forwarded to the one that does (HTTP and upgrades), forwarded requests are signed, a lease
 * row is followed only to its instance's recorded address, and an app whose instance is gone starts where the request
 * is.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const MARK = `atelier-cluster-${process.pid}-${Date.now()}`;
const SECRET = "cluster-shared-secret-key";
/** The previews' public origin: the load balancer's, the same on both instances (never listened on here). */
const ORIGIN = "http://*.localhost:8081";

const SERVER = `
const http = require("node:http");
const fs = require("node:fs");
const started = Math.random().toString(36).slice(2);
const server = http.createServer((req, res) => {
  const url = new URL(req.url, "http://x");
  if (url.pathname === "/who") return res.end(started);
  if (url.pathname === "/say") {
    console.log("said " + url.searchParams.get("what"));
    return res.end("said");
  }
  if (url.pathname === "/echo") {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => res.end(req.method + " " + body + " host=" + req.headers.host + " token=" + (req.headers["x-v0-preview-token"] ?? "none") + " cookie=" + (req.headers.cookie ?? "none") + " forwarded=" + (req.headers["${FORWARDED_HEADER}"] ?? "none")));
    return;
  }
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.end("<!doctype html><html><head></head><body><h1>" + fs.readFileSync("message.txt", "utf8").trim() + "</h1></body></html>");
});
server.on("upgrade", (req, socket) => {
  socket.write("HTTP/1.1 101 Switching Protocols\\r\\nUpgrade: echo\\r\\nConnection: Upgrade\\r\\n\\r\\n");
  socket.on("data", (chunk) => socket.write("echo:" + chunk));
});
server.listen(Number(process.env.PORT), process.env.HOST);
`;

interface Instance {
  svc: EmbeddedService;
  listener: PreviewListener;
  closed: boolean;
}
interface Chat {
  chatId: string;
  host: string;
  token: string;
}
/** A preview request sent to one instance's listener, as the load balancer would send it. */
const ask = (to: Instance, chat: Chat, at: string, opts?: Parameters<typeof askPreview>[2]) =>
  askPreview({ port: to.listener.port, host: chat.host, token: chat.token }, at, opts);

/** Asks until the app answers 200 (its state page answers 503 while it starts). */
async function untilServed(to: Instance, chat: Chat, at = "/") {
  let last: PreviewAnswerSeen | null = null;
  try {
    return await waitFor(async () => {
      last = await ask(to, chat, at);
      if (last.status === 200) return last;
      await new Promise((r) => setTimeout(r, 100));
      return undefined;
    }, 30_000);
  } catch (error) {
    throw new Error(`not served: the last answer was ${JSON.stringify(last)}`, { cause: error });
  }
}

/** A WebSocket-style upgrade through one instance's listener: what came back once the app echoed "ping". */
function upgrade(to: Instance, chat: Chat): Promise<string> {
  const socket = net.connect(to.listener.port, "127.0.0.1");
  return new Promise<string>((resolve, reject) => {
    let text = "";
    socket.on("connect", () =>
      socket.write(
        `GET /hmr HTTP/1.1\r\nHost: ${chat.host}\r\nx-v0-preview-token: ${chat.token}\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n`,
      ),
    );
    socket.on("data", (c: Buffer) => {
      text += c.toString();
      if (text.includes("\r\n\r\n") && !text.includes("echo:")) socket.write("ping");
      if (text.includes("echo:ping")) resolve(text);
    });
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
  }).finally(() => socket.destroy());
}

if (!adminUrl) {
  describeWithoutPostgres("two instances running apps on PostgreSQL");
} else {
  describe.skipIf(bwrapUnavailable)("two instances running apps on PostgreSQL", () => {
    const database = throwawayDatabase(adminUrl, "atelier_app_cluster");
    const cacheDir = mkdtempSync(path.join(tmpdir(), "atelier-cluster-cache-"));
    let db: pg.Client;
    let a: Instance;
    let b: Instance;
    let chat: Chat;
    /** A listener that no request may reach (an address a lease row might name). */
    let trap: http.Server;
    let trapHits = 0;

    const instance = async (): Promise<Instance> => {
      const { svc, listener } = await startPreviewService((port) => ({
        dataDir: "unused",
        databaseUrl: database.url,
        secretKey: SECRET,
        previewOrigin: ORIGIN,
        appRuntime: {
          settings: { cacheDir, startTimeoutMs: 20_000 },
          ownPorts: [port],
          address: `127.0.0.1:${port}`,
        },
      }));
      return { svc, listener, closed: false };
    };
    const close = async (one: Instance) => {
      if (one.closed) return;
      one.closed = true;
      await one.svc.close();
      await one.listener.close();
    };
    const row = async (chatId: string) =>
      (
        await db.query<{ owner: string; address: string }>("select owner, address from app_runs where chat_id = $1", [
          chatId,
        ])
      ).rows[0];
    const state = async (chatId: string) =>
      (
        await db.query<{ state: string; stop_reason: string | null }>(
          "select state, stop_reason from app_runs where chat_id = $1",
          [chatId],
        )
      ).rows[0]!;
    const instances = async () =>
      (await db.query<{ owner: string; address: string }>("select owner, address from app_instances")).rows;
    const ownerOf = async (one: Instance) =>
      (await instances()).find((i) => i.address === `127.0.0.1:${one.listener.port}`)!.owner;

    beforeAll(async () => {
      await database.create();
      a = await instance();
      b = await instance();
      db = new pg.Client({ connectionString: database.url });
      await db.connect();
      trap = http.createServer((_req, res) => {
        trapHits++;
        res.end("trapped");
      });
      await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
      const files = [
        { name: "package.json", content: JSON.stringify({ name: "app", scripts: { start: `node ${MARK}.js` } }) },
        { name: `${MARK}.js`, content: SERVER },
        { name: "message.txt", content: "first answer\n" },
      ];
      const created = await call(a.svc, "POST", "/v2/chats/from-files", { body: { files } });
      const chatId = expectSchema(ChatWithUsage, created.body).chat.id;
      const preview = expectSchema(Preview, (await call(a.svc, "GET", `/v2/chats/${chatId}/preview`)).body)!;
      chat = { chatId, host: new URL(preview.url).host, token: preview.token! };
    }, 60_000);
    afterAll(async () => {
      await db?.end();
      for (const one of [a, b]) if (one) await close(one);
      trap?.close();
      killAll(MARK);
      await database.drop();
      rmSync(cacheDir, { recursive: true, force: true });
    }, 60_000);

    test("each instance records its preview listener's address", async () => {
      expect((await instances()).map((i) => i.address).sort()).toEqual(
        [`127.0.0.1:${a.listener.port}`, `127.0.0.1:${b.listener.port}`].sort(),
      );
    });

    test("a preview request to the instance that does not run the app is answered by the app", async () => {
      const first = await untilServed(a, chat);
      expect(first.body).toContain("<h1>first answer</h1>");
      expect((await row(chat.chatId))!.owner).toBe(await ownerOf(a));

      const viaB = await ask(b, chat, "/");
      expect(viaB.status).toBe(200);
      expect(viaB.body).toContain("<h1>first answer</h1>");
      // The reporter is put in once (by the instance that runs the app), with the preview origin's policy.
      expect(viaB.body.match(/<script nonce=/g)).toHaveLength(1);
      expect(String(viaB.headers["content-security-policy"])).toContain("sandbox allow-scripts");
      // The same running app (no second copy on B), and the lease still A's.
      expect((await ask(b, chat, "/who")).body).toBe((await ask(a, chat, "/who")).body);
      expect((await row(chat.chatId))!.owner).toBe(await ownerOf(a));
    });

    test("methods and bodies pass through B to A's app; credentials and the signature never reach the app", async () => {
      const res = await ask(b, chat, "/echo", {
        method: "PUT",
        body: "x".repeat(200_000),
        headers: { cookie: `atelier_preview=${chat.token}; theirs=1` },
      });
      expect(res.status).toBe(200);
      expect(res.body).toBe(`PUT ${"x".repeat(200_000)} host=localhost:3000 token=none cookie=theirs=1 forwarded=none`);
      const del = await ask(b, chat, "/echo?q=1", { method: "DELETE" });
      expect(del.body).toMatch(/^DELETE {2}host=localhost:3000/);
    });

    test("a WebSocket-style upgrade through B reaches A's app, both ways", async () => {
      const received = await upgrade(b, chat);
      expect(received).toMatch(/^HTTP\/1\.1 101/);
      expect(received).toContain("echo:ping");
    });

    test("B's API shows A's live log, and its Restart and Stop act on A's app", async () => {
      const ownerA = await ownerOf(a);
      const before = (await untilServed(a, chat, "/who")).body;
      const appOf = async (one: Instance, method = "GET", action = "") => {
        const res = await call(one.svc, method, `/v2/chats/${chat.chatId}/app${action}`);
        expect(res.status).toBe(200);
        return expectSchema(ChatApp, res.body);
      };
      // Printed after the app came up (no change of state since): B asks A for its log.
      expect((await ask(b, chat, `/say?what=${MARK}-line`)).body).toBe("said");
      await waitFor(async () => ((await appOf(b)).log.includes(`said ${MARK}-line`) ? true : undefined), 10_000);
      expect((await appOf(b)).state).toBe("running");

      // Restart through B: A's app starts again (a new process), A keeps it, B runs no copy.
      expect((await appOf(b, "POST", "/restart")).runnable).toBe(true);
      await waitFor(async () => {
        const now = await ask(a, chat, "/who");
        return now.status === 200 && now.body !== before ? true : undefined;
      }, 30_000);
      expect((await row(chat.chatId))!.owner).toBe(ownerA);
      const after = (await untilServed(a, chat, "/who")).body;
      expect((await ask(b, chat, "/who")).body).toBe(after);

      // Stop through B: A's app stops (its processes gone), and B says so.
      const stopped = await appOf(b, "POST", "/stop");
      expect(stopped.state).toBe("stopped");
      expect(stopped.stopReason).toBe("person");
      expect((await appOf(a)).state).toBe("stopped");
      expect((await state(chat.chatId)).state).toBe("stopped");
      // Opening the preview starts it again (on A, where the request is), for the tests that follow.
      await untilServed(a, chat, "/who");
      expect((await row(chat.chatId))!.owner).toBe(ownerA);
    }, 90_000);

    test("a control request without a valid control signature is refused and changes nothing", async () => {
      const ownerA = await ownerOf(a);
      const ownerB = await ownerOf(b);
      const running = (await ask(a, chat, "/who")).body;
      const path = controlPath(chat.chatId, "stop");
      const control = new ForwardSigner(SECRET, Date.now, "control");
      const forged = {
        none: {},
        "a preview request's signature": {
          [CONTROL_HEADER]: new ForwardSigner(SECRET).sign(ownerA, chat.chatId, "POST", path),
        },
        "as a forwarded preview request": {
          [FORWARDED_HEADER]: new ForwardSigner(SECRET).sign(ownerA, chat.chatId, "POST", path),
        },
        "another key": {
          [CONTROL_HEADER]: new ForwardSigner("another key", Date.now, "control").sign(
            ownerA,
            chat.chatId,
            "POST",
            path,
          ),
        },
        "another instance": { [CONTROL_HEADER]: control.sign(ownerB, chat.chatId, "POST", path) },
        "another action": {
          [CONTROL_HEADER]: control.sign(ownerA, chat.chatId, "POST", controlPath(chat.chatId, "restart")),
        },
      };
      for (const [what, headers] of Object.entries(forged)) {
        const res = await ask(a, chat, path, { method: "POST", headers });
        expect({ what, status: res.status }).toEqual({ what, status: 403 });
      }
      // Sent to B (which does not run the app) with A's valid signature: refused there, not passed on.
      const atB = await ask(b, chat, path, {
        method: "POST",
        headers: { [CONTROL_HEADER]: control.sign(ownerA, chat.chatId, "POST", path) },
      });
      expect(atB.status).toBe(403);
      expect((await ask(a, chat, "/who")).body).toBe(running);
      expect((await state(chat.chatId)).state).toBe("running");
    });

    test("a Restart or Stop the running instance does not answer is a 503, and nothing is done", async () => {
      const ownerA = await ownerOf(a);
      const running = (await ask(a, chat, "/who")).body;
      // A's recorded address, in both rows, where nothing listens (A's next renewal records its own again).
      const unreachable = async () =>
        db.query(
          "with i as (update app_instances set address = '127.0.0.1:1' where owner = $2) update app_runs set address = '127.0.0.1:1' where chat_id = $1",
          [chat.chatId, ownerA],
        );
      for (const action of ["/stop", "/restart"]) {
        let res = { status: 0, body: {} as unknown };
        // A renewal of A's row landing between the update and the request would make it a take-over: once more then.
        for (let attempt = 0; attempt < 3 && res.status !== 503; attempt++) {
          await unreachable();
          res = await call(b.svc, "POST", `/v2/chats/${chat.chatId}/app${action}`);
        }
        expect(res.status).toBe(503);
        expect(JSON.stringify(res.body)).toContain("did not answer");
      }
      await db.query("update app_runs set address = $2 where chat_id = $1", [
        chat.chatId,
        `127.0.0.1:${a.listener.port}`,
      ]);
      await db.query("update app_instances set address = $2 where owner = $1", [
        ownerA,
        `127.0.0.1:${a.listener.port}`,
      ]);
      expect((await ask(a, chat, "/who")).body).toBe(running);
      expect((await state(chat.chatId)).state).toBe("running");
    });

    test("a forwarded request without a valid signature is refused, and never forwarded", async () => {
      const ownerA = await ownerOf(a);
      const ownerB = await ownerOf(b);
      const good = new ForwardSigner(SECRET);
      const forged = {
        garbage: "123.abc",
        "another key": new ForwardSigner("another key").sign(ownerA, chat.chatId, "GET", "/who"),
        "another path": good.sign(ownerA, chat.chatId, "GET", "/echo"),
        "another method": good.sign(ownerA, chat.chatId, "POST", "/who"),
        "another instance": good.sign(ownerB, chat.chatId, "GET", "/who"),
        "another chat": good.sign(ownerA, "chat_other", "GET", "/who"),
        expired: new ForwardSigner(SECRET, () => Date.now() - 120_000).sign(ownerA, chat.chatId, "GET", "/who"),
      };
      for (const [what, signature] of Object.entries(forged)) {
        const res = await ask(a, chat, "/who", { headers: { [FORWARDED_HEADER]: signature } });
        expect({ what, status: res.status }).toEqual({ what, status: 403 });
      }
      // A signature made for A, replayed to B (which does not run the app): refused there, not passed on to A.
      const atB = await ask(b, chat, "/who", {
        headers: { [FORWARDED_HEADER]: good.sign(ownerA, chat.chatId, "GET", "/who") },
      });
      expect(atB.status).toBe(403);
      // The same request signed for A, the chat, the method and the path is answered (the refusals are the signature's).
      const signed = await ask(a, chat, "/who", {
        headers: { [FORWARDED_HEADER]: good.sign(ownerA, chat.chatId, "GET", "/who") },
      });
      expect(signed.status).toBe(200);
      // A valid signature does not replace the chat's token.
      const noToken = await ask(a, chat, "/who", {
        headers: { [FORWARDED_HEADER]: good.sign(ownerA, chat.chatId, "GET", "/who"), "x-v0-preview-token": "" },
      });
      expect(noToken.status).toBe(401);
    });

    test("a lease row naming an address its instance did not record is not followed: the app is taken over", async () => {
      const before = (await ask(a, chat, "/who")).body;
      await db.query("update app_runs set address = $2 where chat_id = $1", [
        chat.chatId,
        `127.0.0.1:${(trap.address() as net.AddressInfo).port}`,
      ]);
      const served = await untilServed(b, chat, "/who");
      expect(trapHits).toBe(0);
      expect(served.body).not.toBe(before);
      expect((await row(chat.chatId))!.owner).toBe(await ownerOf(b));
      // A finds its lease taken at its next renewal and stops its copy: then A forwards to B's, one app.
      await waitFor(async () => {
        const [viaA, viaB] = [await ask(a, chat, "/who"), await ask(b, chat, "/who")];
        if (viaA.status === 200 && viaA.body === viaB.body) return true;
        await new Promise((r) => setTimeout(r, 250));
        return undefined;
      }, 30_000);
    }, 60_000);

    test("a live lease of an owner that is no recorded instance is not followed: the app starts where the request is", async () => {
      const before = (await ask(b, chat, "/who")).body;
      await db.query(
        "update app_runs set owner = 'ghost:1:x', address = $2, lease_expires_at = now() + interval '1 hour' where chat_id = $1",
        [chat.chatId, `127.0.0.1:${(trap.address() as net.AddressInfo).port}`],
      );
      const served = await untilServed(a, chat, "/who");
      expect(trapHits).toBe(0);
      expect(served.body).not.toBe(before);
      expect((await row(chat.chatId))!.owner).toBe(await ownerOf(a));
      // B stops the copy it ran once its renewal finds the lease gone, and forwards to A's.
      await waitFor(async () => {
        const [viaA, viaB] = [await ask(a, chat, "/who"), await ask(b, chat, "/who")];
        if (viaB.status === 200 && viaA.body === viaB.body) return true;
        await new Promise((r) => setTimeout(r, 250));
        return undefined;
      }, 30_000);
    }, 60_000);

    test("an instance that stopped renewing (its rows expired, as after kill -9) loses the app to the other", async () => {
      const ownerA = await ownerOf(a);
      expect((await row(chat.chatId))!.owner).toBe(ownerA);
      const before = (await ask(a, chat, "/who")).body;
      await db.query("update app_instances set expires_at = now() where owner = $1", [ownerA]);
      await db.query("update app_runs set lease_expires_at = now() where chat_id = $1", [chat.chatId]);
      const served = await untilServed(b, chat, "/who");
      expect(served.body).not.toBe(before);
      expect((await row(chat.chatId))!.owner).toBe(await ownerOf(b));
      // A, renewing again (it was only slow), finds the lease taken, stops its copy and forwards to B's.
      await waitFor(async () => {
        const [viaA, viaB] = [await ask(a, chat, "/who"), await ask(b, chat, "/who")];
        if (viaA.status === 200 && viaA.body === viaB.body) return true;
        await new Promise((r) => setTimeout(r, 250));
        return undefined;
      }, 30_000);
      expect((await instances()).map((i) => i.owner)).toContain(ownerA);
    }, 60_000);

    test("when the instance running the app is gone, a request to the other starts it there", async () => {
      const ownerB = await ownerOf(b);
      expect((await row(chat.chatId))!.owner).toBe(ownerB);
      await close(b);
      expect((await instances()).map((i) => i.owner)).not.toContain(ownerB);
      const served = await untilServed(a, chat);
      expect(served.body).toContain("<h1>first answer</h1>");
      expect((await row(chat.chatId))!.owner).toBe(await ownerOf(a));
    }, 60_000);
  });
}
