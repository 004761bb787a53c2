import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  AsyncChatRef,
  ChatGitRemote,
  ChatList,
  ChatWithUsage,
  ErrorV2,
  GitCredential,
  GitCredentialList,
  GitIncoming,
  GitPullResult,
  GitPushResult,
  Message,
} from "@/lib/api";
import { readPull, readPush } from "@/lib/api/git-sync";
import { startGitServer, type GitServerPeer } from "@/e2e/peers/git-server";
import type { EmbeddedService } from "../service";
import {
  call,
  expectSchema,
  filesOf,
  messagesOf,
  sendMessage,
  startService,
  versionsOf,
  waitFor,
} from "../test-support";

/**
 * Import from a repository, push and pull, against a real Git server on 127.0.0.1 (`git http-backend`,
 * e2e/peers/git-server.ts). The service may reach it because these tests set EMBEDDED_FETCH_ALLOW_PRIVATE=1, except
 * the one that proves the refusal without it.
 */
let svc: EmbeddedService;
let peer: GitServerPeer;
beforeAll(async () => {
  process.env.EMBEDDED_FETCH_ALLOW_PRIVATE = "1";
  svc = await startService();
  peer = await startGitServer();
  peer.makeRepo("app.git", {
    "index.html": "<h1>App</h1>\n",
    "src/app.js": "console.log(1);\n",
    "logo.bin": new Uint8Array([0, 1, 2, 255]),
  });
  peer.commit("app.git", "feature", { "src/app.js": "console.log('feature');\n" }, "Feature work");
  peer.makeRepo("private/secret.git", { "README.md": "# Private\n" }, "trunk");
});
afterAll(async () => {
  delete process.env.EMBEDDED_FETCH_ALLOW_PRIVATE;
  await svc.close();
  await peer.close();
});

const fromRepo = (repo: { url: string; branch?: string }) =>
  call(svc, "POST", "/v2/chats/from-repo", { body: { repo } });
const chatCount = async () => expectSchema(ChatList, (await call(svc, "GET", "/v2/chats?limit=100")).body).chats.length;
const contents = async (chatId: string) =>
  Object.fromEntries((await filesOf(svc, chatId)).map((f) => [f.path, f.content]));
const importChat = async (url: string, branch?: string) => {
  const res = await fromRepo({ url, ...(branch ? { branch } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ChatWithUsage, res.body).chat;
};
const refusal = (res: { status: number; body: unknown }, status: number, message: RegExp) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(expectSchema(ErrorV2, res.body).message).toMatch(message);
};

describe("POST /v2/chats/from-repo", () => {
  test("the default branch's files (a binary one as base64) become the chat's first version and the repository its remote", async () => {
    const chat = await importChat(`${peer.url}/app.git`);
    expect(chat.title).toBe("app (main)");
    expect(await contents(chat.id)).toEqual({
      "index.html": "<h1>App</h1>\n",
      "src/app.js": "console.log(1);\n",
      "logo.bin": Buffer.from([0, 1, 2, 255]).toString("base64"),
    });
    const files = await filesOf(svc, chat.id);
    expect(files.find((f) => f.path === "logo.bin")).toMatchObject({ encoding: "base64" });
    expect(await versionsOf(svc, chat.id)).toHaveLength(1);
    const remote = expectSchema(ChatGitRemote, (await call(svc, "GET", `/v2/chats/${chat.id}/git`)).body);
    expect(remote).toMatchObject({
      url: `${peer.url}/app.git`,
      branch: "main",
      lastCommit: peer.head("app.git", "main"),
    });
  });

  test("a named branch", async () => {
    const chat = await importChat(`${peer.url}/app.git`, "feature");
    expect((await contents(chat.id))["src/app.js"]).toBe("console.log('feature');\n");
    expect((await call(svc, "GET", `/v2/chats/${chat.id}/git`)).body).toMatchObject({ branch: "feature" });
  });

  test("refusals store nothing: unknown branch, no repository, unreachable host, a private repository without a credential", async () => {
    const before = await chatCount();
    refusal(await fromRepo({ url: `${peer.url}/app.git`, branch: "nope" }), 422, /no branch "nope"/);
    refusal(await fromRepo({ url: `${peer.url}/missing.git` }), 422, /missing\.git/);
    refusal(await fromRepo({ url: "http://127.0.0.1:9/x.git" }), 422, /cannot be reached/);
    refusal(
      await fromRepo({ url: `${peer.url}/private/secret.git` }),
      422,
      /authentication is needed.*127\.0\.0\.1:\d+/,
    );
    refusal(await fromRepo({ url: "ftp://example.com/x.git" }), 422, /http/);
    refusal(await fromRepo({ url: `http://u:p@127.0.0.1/x.git` }), 422, /credential/);
    expect(await chatCount()).toBe(before);
  });

  test("without EMBEDDED_FETCH_ALLOW_PRIVATE a loopback server is never reached", async () => {
    delete process.env.EMBEDDED_FETCH_ALLOW_PRIVATE;
    try {
      const before = await chatCount();
      refusal(await fromRepo({ url: `${peer.url}/app.git` }), 422, /not a public host/);
      refusal(await fromRepo({ url: "http://localhost.localhost/app.git" }), 422, /not a public host/);
      expect(await chatCount()).toBe(before);
    } finally {
      process.env.EMBEDDED_FETCH_ALLOW_PRIVATE = "1";
    }
  });
});

describe("Git credentials", () => {
  test("a private repository with the host's credential; tokens are never answered; a wrong one is refused", async () => {
    const host = new URL(peer.url).host;
    const wrong = await call(svc, "POST", "/v2/git-credentials", { body: { host, username: "alice", token: "wrong" } });
    expect(wrong.status).toBe(200);
    refusal(
      await fromRepo({ url: `${peer.url}/private/secret.git` }),
      422,
      /credential for 127\.0\.0\.1:\d+ was refused/,
    );
    const res = await call(svc, "POST", "/v2/git-credentials", {
      body: { host, username: "alice", token: "s3cret-token" },
    });
    const created = expectSchema(GitCredential, res.body);
    expect(JSON.stringify(res.body)).not.toContain("s3cret");
    const list = expectSchema(GitCredentialList, (await call(svc, "GET", "/v2/git-credentials")).body);
    expect(list.data.map((c) => c.host)).toEqual([host]);
    expect(JSON.stringify(list)).not.toContain("s3cret");

    const chat = await importChat(`${peer.url}/private/secret.git`);
    expect(await contents(chat.id)).toEqual({ "README.md": "# Private\n" });
    expect((await call(svc, "GET", `/v2/chats/${chat.id}/git`)).body).toMatchObject({ branch: "trunk" });

    expect((await call(svc, "DELETE", `/v2/git-credentials/${created.id}`)).status).toBe(200);
    expect((await call(svc, "DELETE", `/v2/git-credentials/${created.id}`)).status).toBe(404);
    expect(expectSchema(GitCredentialList, (await call(svc, "GET", "/v2/git-credentials")).body).data).toEqual([]);
    refusal(await call(svc, "POST", "/v2/git-credentials", { body: { host: "a b", token: "x" } }), 422, /host/);
  });
});

describe("push and pull", () => {
  test("push a version, an outside commit, pull it back; a push after the branch moved is 409 pull first", async () => {
    peer.makeRepo("round.git", { "index.html": "<p>v1</p>\n", "old.txt": "old\n" });
    const chat = await importChat(`${peer.url}/round.git`);
    await sendMessage(svc, chat.id, "Update index.html with a heading /fast");
    const files = await contents(chat.id);

    // Push onto a new branch: created from main, its tree exactly the chat's files.
    const pushed = expectSchema(
      GitPushResult,
      (
        await call(svc, "POST", `/v2/chats/${chat.id}/git/push`, {
          body: { branch: "atelier", message: "From the chat" },
        })
      ).body,
    );
    expect(pushed).toMatchObject({ branch: "atelier", url: `${peer.url}/round.git` });
    expect(peer.head("round.git", "atelier")).toBe(pushed.commit);
    expect(peer.filesOf("round.git", "atelier")).toEqual(files);
    const remote = expectSchema(ChatGitRemote, (await call(svc, "GET", `/v2/chats/${chat.id}/git`)).body);
    expect(remote).toMatchObject({ branch: "atelier", lastCommit: pushed.commit });
    const pushRow = (await messagesOf(svc, chat.id)).map(readPush).find(Boolean);
    expect(pushRow).toMatchObject({ branch: "atelier", commit: pushed.commit.slice(0, 7) });

    // Nothing new: an empty pull.
    expect((await call(svc, "POST", `/v2/chats/${chat.id}/git/pull`, { body: {} })).body).toEqual({ messages: [] });

    // Someone else commits: a push now is refused until a pull.
    const outside = peer.commit("round.git", "atelier", {
      "old.txt": null,
      "NEW.md": "new\n",
      "index.html": "<p>theirs</p>\n",
    });
    const versionsBefore = (await versionsOf(svc, chat.id)).length;
    refusal(await call(svc, "POST", `/v2/chats/${chat.id}/git/push`, { body: {} }), 409, /pull first/);
    expect(peer.head("round.git", "atelier")).toBe(outside);
    expect((await versionsOf(svc, chat.id)).length).toBe(versionsBefore);

    const pull = expectSchema(
      GitPullResult,
      (await call(svc, "POST", `/v2/chats/${chat.id}/git/pull`, { body: {} })).body,
    );
    expect(pull.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(readPull(pull.messages[0]!)?.entries).toEqual([
      { path: "NEW.md", operation: "created" },
      { path: "index.html", operation: "updated" },
      { path: "old.txt", operation: "deleted" },
    ]);
    expect(await contents(chat.id)).toEqual(peer.filesOf("round.git", "atelier"));
    expect((await versionsOf(svc, chat.id)).length).toBe(versionsBefore + 1);
    const v1 = (await call(svc, "GET", `/v1/chats/${chat.id}/messages/${pull.messages[0]!.id}`)).body as {
      type: string;
    };
    expect(v1.type).toBe("pull-changes");

    // After the pull the push goes on top of the outside commit.
    await sendMessage(svc, chat.id, "Update NEW.md with a line /fast");
    const again = expectSchema(
      GitPushResult,
      (await call(svc, "POST", `/v2/chats/${chat.id}/git/push`, { body: {} })).body,
    );
    expect(peer.head("round.git", "atelier")).toBe(again.commit);
    expect(peer.filesOf("round.git", "atelier")).toEqual(await contents(chat.id));
  });

  test("a generation that starts while the push is on the network does not lose the push", async () => {
    peer.makeRepo("race.git", { "index.html": "<p>race</p>\n" });
    const chat = await importChat(`${peer.url}/race.git`);
    const held = peer.holdNextPush();
    const pushing = call(svc, "POST", `/v2/chats/${chat.id}/git/push`, { body: { branch: "race" } });
    await held.arrived;
    // The chat was idle when the push began; a generation starts before the commit lands.
    const started = await call(svc, "POST", `/v2/chats/${chat.id}/messages/async`, {
      body: { message: "A footer /slow" },
    });
    const { messageId } = expectSchema(AsyncChatRef, started.body);
    held.release();
    const res = await pushing;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pushed = expectSchema(GitPushResult, res.body);
    const generating = expectSchema(
      Message,
      (await call(svc, "GET", `/v2/chats/${chat.id}/messages/${messageId}`)).body,
    );
    expect(generating.finishReason ?? null, "still generating when the push was recorded").toBeNull();
    expect(peer.head("race.git", "race")).toBe(pushed.commit);
    expect((await call(svc, "GET", `/v2/chats/${chat.id}/git`)).body).toMatchObject({
      branch: "race",
      lastCommit: pushed.commit,
    });
    expect((await messagesOf(svc, chat.id)).map(readPush).find(Boolean)).toMatchObject({ branch: "race" });
    await waitFor(async () => {
      const m = expectSchema(Message, (await call(svc, "GET", `/v2/chats/${chat.id}/messages/${messageId}`)).body);
      return m.finishReason ? m : undefined;
    }, 60_000);
    // The remote stood at the pushed commit, so the next push is not refused as "the branch moved".
    expect((await call(svc, "POST", `/v2/chats/${chat.id}/git/push`, { body: {} })).status).toBe(200);
  });

  test("a chat without a remote: GET …/git and pull are 404, push without a url is 422", async () => {
    const res = await call(svc, "POST", "/v2/chats/from-files", { body: { files: [{ name: "a.txt", content: "a" }] } });
    const chat = expectSchema(ChatWithUsage, res.body).chat;
    expect((await call(svc, "GET", `/v2/chats/${chat.id}/git`)).status).toBe(404);
    expect((await call(svc, "POST", `/v2/chats/${chat.id}/git/pull`, { body: {} })).status).toBe(404);
    refusal(await call(svc, "POST", `/v2/chats/${chat.id}/git/push`, { body: {} }), 422, /no Git remote/);
    // Pushing it to a repository makes that its remote.
    peer.makeRepo("fresh.git", { "README.md": "fresh\n" });
    const pushed = expectSchema(
      GitPushResult,
      (await call(svc, "POST", `/v2/chats/${chat.id}/git/push`, { body: { url: `${peer.url}/fresh.git` } })).body,
    );
    expect(pushed.branch).toBe("main");
    expect(peer.filesOf("fresh.git", "main")).toEqual({ "a.txt": "a" });
    expect((await call(svc, "GET", `/v2/chats/${chat.id}/git`)).body).toMatchObject({
      branch: "main",
      lastCommit: pushed.commit,
    });
  });
});

describe("GET /v2/chats/{chatId}/git/incoming", () => {
  const incoming = async (chatId: string) => {
    const res = await call(svc, "GET", `/v2/chats/${chatId}/git/incoming`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return expectSchema(GitIncoming, res.body);
  };

  test("after an outside commit: each file a pull would change, before and after, and nothing stored; the pull then brings exactly those", async () => {
    peer.makeRepo("preview.git", {
      "index.html": "<p>one</p>\n",
      "gone.txt": "bye\n",
      "same.txt": "same\n",
      "logo.bin": new Uint8Array([0, 1, 2]),
    });
    const chat = await importChat(`${peer.url}/preview.git`);
    const synced = peer.head("preview.git", "main")!;
    expect(await incoming(chat.id)).toEqual({
      url: `${peer.url}/preview.git`,
      branch: "main",
      behind: false,
      lastCommit: synced,
      commit: synced,
      files: [],
    });

    const outside = peer.commit("preview.git", "main", {
      "index.html": "<p>two</p>\n",
      "gone.txt": null,
      "docs/NEW.md": "# New\n",
    });
    const stateBefore = {
      versions: (await versionsOf(svc, chat.id)).length,
      messages: (await messagesOf(svc, chat.id)).length,
      remote: (await call(svc, "GET", `/v2/chats/${chat.id}/git`)).body,
      files: await contents(chat.id),
    };
    const preview = await incoming(chat.id);
    expect(preview).toMatchObject({ behind: true, lastCommit: synced, commit: outside });
    expect(preview.files).toEqual([
      { path: "docs/NEW.md", change: "added", binary: false, before: null, after: "# New\n" },
      { path: "gone.txt", change: "deleted", binary: false, before: "bye\n", after: null },
      { path: "index.html", change: "modified", binary: false, before: "<p>one</p>\n", after: "<p>two</p>\n" },
    ]);
    // Asking twice changes nothing either.
    expect(await incoming(chat.id)).toEqual(preview);
    expect({
      versions: (await versionsOf(svc, chat.id)).length,
      messages: (await messagesOf(svc, chat.id)).length,
      remote: (await call(svc, "GET", `/v2/chats/${chat.id}/git`)).body,
      files: await contents(chat.id),
    }).toEqual(stateBefore);

    const pull = expectSchema(
      GitPullResult,
      (await call(svc, "POST", `/v2/chats/${chat.id}/git/pull`, { body: {} })).body,
    );
    expect(
      readPull(pull.messages[0]!)
        ?.entries.map((e) => e.path)
        .sort(),
    ).toEqual(preview.files.map((f) => f.path).sort());
    expect(await incoming(chat.id)).toMatchObject({ behind: false, commit: outside, files: [] });

    // A binary file's change is named, without a text diff.
    const binary = peer.commit("preview.git", "main", { "logo.bin": "now text\n" });
    expect((await incoming(chat.id)).files).toEqual([
      { path: "logo.bin", change: "modified", binary: true, before: null, after: "now text\n" },
    ]);
    expect(binary).not.toBe(outside);
  });

  test("refusals: no chat, no remote, a private repository without its credential, a loopback server without the flag", async () => {
    expect((await call(svc, "GET", "/v2/chats/chat_missing/git/incoming")).status).toBe(404);
    const res = await call(svc, "POST", "/v2/chats/from-files", { body: { files: [{ name: "a.txt", content: "a" }] } });
    const local = expectSchema(ChatWithUsage, res.body).chat;
    refusal(await call(svc, "GET", `/v2/chats/${local.id}/git/incoming`), 404, /Git remote/);

    const host = new URL(peer.url).host;
    const credential = expectSchema(
      GitCredential,
      (await call(svc, "POST", "/v2/git-credentials", { body: { host, username: "alice", token: "s3cret-token" } }))
        .body,
    );
    const secret = await importChat(`${peer.url}/private/secret.git`);
    expect((await incoming(secret.id)).behind).toBe(false);
    await call(svc, "DELETE", `/v2/git-credentials/${credential.id}`);
    refusal(await call(svc, "GET", `/v2/chats/${secret.id}/git/incoming`), 422, /authentication is needed/);

    const open = await importChat(`${peer.url}/app.git`);
    delete process.env.EMBEDDED_FETCH_ALLOW_PRIVATE;
    try {
      refusal(await call(svc, "GET", `/v2/chats/${open.id}/git/incoming`), 422, /not a public host/);
    } finally {
      process.env.EMBEDDED_FETCH_ALLOW_PRIVATE = "1";
    }
  });
});
