import { beforeAll, describe, expect, test } from "vitest";
import { Chat, ChatList, ChatWithUsage, ErrorV2, type Privacy } from "@/lib/api";
import { ChatListV1, ChatV1, ErrorV1 } from "@/lib/api/schemas/v1";
import { expectSchema, serviceForFile } from "../test-support";
import { addPerson, callAs, type TestPerson } from "../people/test-people";

/**
 * Privacy that means something (issue 40), the whole table as an API matrix driven from one table: four people
 * (the chat's author, another member, a viewer, an admin), each with their own key, against a chat of each privacy:
 * reads (404 as an unknown chat when not allowed), lists (only what each may see, unlisted only in the author's),
 * writes (403 naming the privacy or role when readable but not writable, 404 when not readable). Every refusal
 * changes nothing: the chat read back by its author after it is the same.
 */

const svc = serviceForFile({ mcpAllowApiKey: true });

type Who = "author" | "member" | "viewer" | "admin";
const WHO: readonly Who[] = ["author", "member", "viewer", "admin"];
const PRIVACY: readonly Privacy[] = ["private", "team", "team-edit", "unlisted", "public"];
type Access = "none" | "read" | "write";

/** THE TABLE (issue 40): what each person may do with a chat the author made, by its privacy. */
const ACCESS: Record<Privacy, Record<Who, Access>> = {
  private: { author: "write", member: "none", viewer: "none", admin: "none" },
  team: { author: "write", member: "read", viewer: "read", admin: "read" },
  "team-edit": { author: "write", member: "write", viewer: "read", admin: "write" },
  unlisted: { author: "write", member: "read", viewer: "read", admin: "read" },
  public: { author: "write", member: "read", viewer: "read", admin: "read" },
};
/** Which of those chats each one's lists show, by scope (someone else's unlisted chat in none of them). */
const LISTED: Record<"all" | "mine" | "team" | "public", (who: Who, privacy: Privacy) => boolean> = {
  all: (who, p) => who === "author" || ["team", "team-edit", "public"].includes(p),
  mine: (who) => who === "author",
  team: (_who, p) => p === "team" || p === "team-edit",
  public: (_who, p) => p === "public",
};

let people: Record<Who, TestPerson>;
/** One chat of the author's per privacy (with a message, files and a completed version). */
const chats = {} as Record<Privacy, string>;

const as = (who: Who) => ({ key: people[who].key });

async function newChat(privacy: Privacy): Promise<string> {
  const res = await callAs(svc, as("author"), "POST", "/v2/chats", { message: `A ${privacy} board /fast`, privacy });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ChatWithUsage, res.body).chat.id;
}

/** What a refused request could have changed, read by the author. */
async function stateOf(chatId: string): Promise<unknown> {
  const read = async (path: string) => {
    const res = await callAs(svc, as("author"), "GET", path);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  return {
    chat: await read(`/v2/chats/${chatId}`),
    messages: await read(`/v2/chats/${chatId}/messages?limit=100`),
    files: await read(`/v2/chats/${chatId}/files`),
  };
}

beforeAll(async () => {
  const author = await addPerson(svc, "author@example.com", "member");
  const member = await addPerson(svc, "member@example.com", "member");
  const viewer = await addPerson(svc, "viewer@example.com", "viewer");
  const adminKey = await callAs(svc, {}, "POST", "/v2/api-keys", { name: "admin key" });
  const admin = { id: "user_embedded", role: "admin" as const, key: (adminKey.body as { key: string }).key, keyId: "" };
  people = { author, member, viewer, admin };
  for (const privacy of PRIVACY) chats[privacy] = await newChat(privacy);
});

/** The reads of one chat: each answers 200 to whoever may read it, else exactly what an unknown chat answers. */
const READS: Record<string, { method: string; path: (id: string) => string; v1?: true }> = {
  "the chat": { method: "GET", path: (id) => `/v2/chats/${id}` },
  "its messages": { method: "GET", path: (id) => `/v2/chats/${id}/messages` },
  "its files": { method: "GET", path: (id) => `/v2/chats/${id}/files` },
  "its preview": { method: "GET", path: (id) => `/v2/chats/${id}/preview` },
  "its files as a zip": { method: "GET", path: (id) => `/v2/chats/${id}/files/download` },
  "its app": { method: "GET", path: (id) => `/v2/chats/${id}/app` },
  "re-attaching to its stream": { method: "POST", path: (id) => `/v2/chats/${id}/resume` },
  "v1 chat": { method: "GET", path: (id) => `/v1/chats/${id}`, v1: true },
  "v1 versions": { method: "GET", path: (id) => `/v1/chats/${id}/versions`, v1: true },
};

describe("reads: 200 for whoever may read, 404 as an unknown chat for everyone else", () => {
  for (const [name, read] of Object.entries(READS))
    test(name, async () => {
      const unknown = await callAs(svc, as("author"), read.method, read.path("chat_nosuchchat"));
      expect(unknown.status).toBe(404);
      for (const privacy of PRIVACY)
        for (const who of WHO) {
          const res = await callAs(svc, as(who), read.method, read.path(chats[privacy]));
          const label = `${who} ${read.method} ${privacy}: ${JSON.stringify(res.body).slice(0, 200)}`;
          if (ACCESS[privacy][who] === "none") {
            expect(res.status, label).toBe(404);
            // The same answer as an unknown chat, its id aside: nothing says the chat exists.
            const unknownBody = JSON.stringify(unknown.body).replaceAll("chat_nosuchchat", chats[privacy]);
            expect(JSON.stringify(res.body), label).toBe(unknownBody);
            expectSchema(read.v1 ? ErrorV1 : ErrorV2, res.body);
          } else expect(res.status, label).toBe(200);
        }
    });

  test("writePermission (v2) and permissions.write (v1) are the reader's true answer", async () => {
    for (const privacy of PRIVACY)
      for (const who of WHO) {
        if (ACCESS[privacy][who] === "none") continue;
        const v2 = expectSchema(Chat, (await callAs(svc, as(who), "GET", `/v2/chats/${chats[privacy]}`)).body);
        expect(v2.writePermission, `${who} ${privacy}`).toBe(ACCESS[privacy][who] === "write");
        const v1 = expectSchema(ChatV1, (await callAs(svc, as(who), "GET", `/v1/chats/${chats[privacy]}`)).body);
        expect(v1.permissions.write, `${who} ${privacy} v1`).toBe(ACCESS[privacy][who] === "write");
      }
  });
});

describe("lists: only chats the caller may read; unlisted only in the author's; public under scope=public", () => {
  for (const scope of ["all", "mine", "team", "public"] as const)
    test(`GET /v2/chats?scope=${scope} and v1`, async () => {
      for (const who of WHO) {
        const query = scope === "all" ? "?limit=100" : `?limit=100&scope=${scope}`;
        const v2 = expectSchema(ChatList, (await callAs(svc, as(who), "GET", `/v2/chats${query}`)).body);
        const v1 = expectSchema(ChatListV1, (await callAs(svc, as(who), "GET", `/v1/chats${query}`)).body);
        const expected = PRIVACY.filter((p) => LISTED[scope](who, p)).map((p) => chats[p]);
        const ours = (ids: string[]) => ids.filter((id) => Object.values(chats).includes(id)).sort();
        expect(ours(v2.chats.map((c) => c.id)), `${who} ${scope}`).toEqual([...expected].sort());
        expect(ours(v1.data.map((c) => c.id)), `${who} ${scope} v1`).toEqual([...expected].sort());
        // Nothing listed that its reader may not read.
        for (const chat of v2.chats) {
          const privacy = PRIVACY.find((p) => chats[p] === chat.id);
          if (privacy) expect(ACCESS[privacy][who]).not.toBe("none");
          else expect(chat.authorId === people[who].id || chat.privacy !== "private").toBe(true);
        }
      }
    });

  test("an unknown scope is refused (422), as a bad query", async () => {
    const res = await callAs(svc, as("author"), "GET", "/v2/chats?scope=everything");
    expect(res.status).toBe(422);
    expect((res.body as { message: string }).message).toContain("scope");
  });

  test("favorites are each person's own, on chats they may read", async () => {
    const team = chats.team;
    expect((await callAs(svc, as("member"), "PUT", `/v1/chats/${team}/favorite`, { isFavorite: true })).status).toBe(
      200,
    );
    expect(
      (await callAs(svc, as("member"), "PUT", `/v1/chats/${chats.private}/favorite`, { isFavorite: true })).status,
    ).toBe(404);
    const favorites = async (who: Who) =>
      expectSchema(ChatListV1, (await callAs(svc, as(who), "GET", "/v1/chats?isFavorite=true")).body).data.map(
        (c) => c.id,
      );
    expect(await favorites("member")).toEqual([team]);
    expect(await favorites("author")).toEqual([]);
    const v1 = expectSchema(ChatV1, (await callAs(svc, as("member"), "GET", `/v1/chats/${team}`)).body);
    expect(v1.favorite).toBe(true);
    const authorsView = expectSchema(ChatV1, (await callAs(svc, as("author"), "GET", `/v1/chats/${team}`)).body);
    expect(authorsView.favorite).toBe(false);
  });
});

/** The writes: each on a chat of its own when it will succeed (a rename, a send, a file edit, a delete). */
const WRITES: Record<string, { method: string; path: (id: string) => string; body?: unknown; ok: number }> = {
  rename: { method: "PATCH", path: (id) => `/v2/chats/${id}`, body: { title: "Renamed" }, ok: 200 },
  "send a message": {
    method: "POST",
    path: (id) => `/v2/chats/${id}/messages`,
    body: { message: "And a footer /fast" },
    ok: 200,
  },
  "edit its files": {
    method: "PATCH",
    path: (id) => `/v2/chats/${id}/files`,
    body: { files: [{ path: "notes.md", content: "hand edit" }] },
    ok: 200,
  },
  "v1 rename": { method: "PATCH", path: (id) => `/v1/chats/${id}`, body: { name: "Renamed in v1" }, ok: 200 },
  deploy: { method: "POST", path: (id) => `/v2/chats/${id}/deploy`, ok: 200 },
  "restart its app": { method: "POST", path: (id) => `/v2/chats/${id}/app/restart`, ok: 200 },
  "stop its app": { method: "POST", path: (id) => `/v2/chats/${id}/app/stop`, ok: 200 },
  delete: { method: "DELETE", path: (id) => `/v2/chats/${id}`, ok: 200 },
};

describe("writes: the writers succeed; a reader gets 403 naming the privacy or role; others 404; nothing changes", () => {
  for (const [name, write] of Object.entries(WRITES))
    test(name, async () => {
      for (const privacy of PRIVACY)
        for (const who of WHO) {
          const access = ACCESS[privacy][who];
          const chatId = access === "write" ? await newChat(privacy) : chats[privacy];
          const before = access === "write" ? null : await stateOf(chatId);
          const res = await callAs(svc, as(who), write.method, write.path(chatId), write.body);
          const label = `${who} ${name} ${privacy}: ${JSON.stringify(res.body).slice(0, 300)}`;
          if (access === "write") {
            expect(res.status, label).toBe(write.ok);
            continue;
          }
          const body = res.body as { message?: string; error?: { message: string } };
          const message = body.message ?? body.error?.message ?? "";
          if (who === "viewer") {
            // Below the route's role: refused before the chat is even looked up (the same for any chat id).
            expect(res.status, label).toBe(403);
            expect(message, label).toBe("This needs the member role; you are a viewer.");
          } else if (access === "read") {
            expect(res.status, label).toBe(403);
            expect(message, label).toBe(
              `Chat ${chatId} is ${privacy}: only its author may change it${
                privacy === "team" ? " (team-edit would let every member change it)" : ""
              }.`,
            );
          } else {
            expect(res.status, label).toBe(404);
            expect(message, label).toBe(`Chat ${chatId} not found`);
          }
          expect(await stateOf(chatId), label).toEqual(before);
        }
    });

  test("privacy and the share link's expiry are the author's alone, even on team-edit", async () => {
    const chatId = await newChat("team-edit");
    const before = await stateOf(chatId);
    for (const body of [{ privacy: "private" }, { shareExpiresAt: null }]) {
      const res = await callAs(svc, as("member"), "PATCH", `/v2/chats/${chatId}`, body);
      expect(res.status).toBe(403);
      expect((res.body as { message: string }).message).toBe(
        `Only the author of chat ${chatId} changes ${"privacy" in body ? "its privacy" : "its share link"}.`,
      );
    }
    expect(await stateOf(chatId)).toEqual(before);
    // The member still writes it otherwise.
    expect((await callAs(svc, as("member"), "PATCH", `/v2/chats/${chatId}`, { title: "Ours" })).status).toBe(200);
  });
});

describe("privacy changes, the default, and who sees them", () => {
  test("a privacy change is audited, and a chat made private is gone for everyone else at once", async () => {
    const chatId = await newChat("team");
    expect((await callAs(svc, as("member"), "GET", `/v2/chats/${chatId}`)).status).toBe(200);
    const res = await callAs(svc, as("author"), "PATCH", `/v2/chats/${chatId}`, { privacy: "private" });
    expect(res.status).toBe(200);
    expect((await callAs(svc, as("member"), "GET", `/v2/chats/${chatId}`)).status).toBe(404);
    expect((await callAs(svc, as("admin"), "GET", `/v2/chats/${chatId}`)).status).toBe(404);
    const audit = (await callAs(svc, {}, "GET", "/v2/audit-log?limit=20&action=chat.privacy_changed")).body as {
      entries: { actor: string; target: string; detail: Record<string, unknown> }[];
    };
    expect(audit.entries.find((e) => e.target === chatId)).toMatchObject({
      actor: people.author.id,
      detail: { from: "team", to: "private" },
    });
  });

  test("new chats are private unless an admin sets the team's default (audited); members may read it", async () => {
    const fresh = await callAs(svc, as("author"), "POST", "/v2/chats/from-files", {
      files: [{ name: "a.txt", content: "a" }],
    });
    expect(expectSchema(ChatWithUsage, fresh.body).chat.privacy).toBe("private");
    expect((await callAs(svc, as("member"), "GET", "/v2/settings/default-privacy")).body).toEqual({
      privacy: "private",
    });
    const refused = await callAs(svc, as("member"), "PUT", "/v2/settings/default-privacy", { privacy: "team" });
    expect(refused.status).toBe(403);
    const bad = await callAs(svc, as("admin"), "PUT", "/v2/settings/default-privacy", { privacy: "everyone" });
    expect(bad.status).toBe(422);
    expect((await callAs(svc, as("viewer"), "GET", "/v2/settings/default-privacy")).body).toEqual({
      privacy: "private",
    });
    const set = await callAs(svc, as("admin"), "PUT", "/v2/settings/default-privacy", { privacy: "team" });
    expect(set.status).toBe(200);
    try {
      for (const [path, body] of [
        ["/v2/chats", { message: "A team board /fast" }],
        ["/v2/chats/from-files", { files: [{ name: "a.txt", content: "a" }] }],
      ] as const) {
        const res = await callAs(svc, as("author"), "POST", path, body);
        expect(expectSchema(ChatWithUsage, res.body).chat.privacy, path).toBe("team");
      }
      // Asked for explicitly, a privacy wins over the default.
      const own = await callAs(svc, as("author"), "POST", "/v2/chats", { message: "Mine /fast", privacy: "private" });
      expect(expectSchema(ChatWithUsage, own.body).chat.privacy).toBe("private");
      const audit = (await callAs(svc, {}, "GET", "/v2/audit-log?limit=5&action=settings.changed")).body as {
        entries: { target: string; detail: Record<string, unknown> }[];
      };
      expect(audit.entries[0]).toMatchObject({ target: "default_privacy", detail: { from: "private", to: "team" } });
    } finally {
      await callAs(svc, as("admin"), "PUT", "/v2/settings/default-privacy", { privacy: "private" });
    }
  });
});

describe("the remote MCP endpoint's tools act as their person: list_chats sees only what they may", () => {
  const listChats = async (who: Who): Promise<string[]> => {
    const res = await svc.handle(
      new Request("http://svc.test/svc/mcp", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${people[who].key}`,
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "list_chats", arguments: { limit: 100 } },
        }),
      }),
    );
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { result: { structuredContent: { chats: { id: string }[] } } };
    return answer.result.structuredContent.chats.map((c) => c.id);
  };

  test("each person's list_chats holds the chats of their list, and get_chat of another's private chat fails", async () => {
    for (const who of WHO) {
      const ids = await listChats(who);
      for (const privacy of PRIVACY)
        expect(ids.includes(chats[privacy]), `${who} ${privacy}`).toBe(LISTED.all(who, privacy));
    }
  });
});

describe("webhook deliveries follow their maker's reading rights", () => {
  test("an admin's webhook gets events of every chat the admin may read, never of another's private chat", async () => {
    const made = await callAs(svc, as("admin"), "POST", "/v2/hooks", {
      name: "Everything",
      url: "https://hooks.example/privacy",
      events: ["chat.updated"],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const hookId = (made.body as { id: string }).id;
    const renamed: Record<Privacy, string> = {} as Record<Privacy, string>;
    for (const privacy of PRIVACY) {
      renamed[privacy] = await newChat(privacy);
      const res = await callAs(svc, as("author"), "PATCH", `/v2/chats/${renamed[privacy]}`, { title: "Renamed" });
      expect(res.status).toBe(200);
    }
    const list = await callAs(svc, {}, "GET", `/v2/hooks/${hookId}/deliveries?limit=100`);
    expect(list.status).toBe(200);
    const delivered = new Set((list.body as { deliveries: { chatId: string }[] }).deliveries.map((d) => d.chatId));
    for (const privacy of PRIVACY)
      expect(delivered.has(renamed[privacy]), privacy).toBe(ACCESS[privacy].admin !== "none");
  });
  test("another admin cannot point an admin's webhook elsewhere, nor read or resend what it carried", async () => {
    const made = await callAs(svc, as("admin"), "POST", "/v2/hooks", {
      name: "Mine",
      url: "https://hooks.example/mine",
      events: ["chat.updated"],
    });
    const hookId = (made.body as { id: string }).id;
    await callAs(svc, as("admin"), "PATCH", `/v2/chats/${await newChat("team")}`, { title: "Renamed again" });
    const other = await addPerson(svc, "second-admin@example.com", "admin");
    const redirect = await callAs(svc, { key: other.key }, "PATCH", `/v2/hooks/${hookId}`, {
      url: "https://attacker.example/in",
    });
    expect(redirect.status, JSON.stringify(redirect.body)).toBe(403);
    expect(expectSchema(ErrorV2, redirect.body).message).toContain("only they change its url");
    const redirectV1 = await callAs(svc, { key: other.key }, "PATCH", `/v1/hooks/${hookId}`, {
      url: "https://attacker.example/in",
    });
    expect(redirectV1.status).toBe(403);
    expect(((await callAs(svc, as("admin"), "GET", `/v2/hooks/${hookId}`)).body as { url: string }).url).toBe(
      "https://hooks.example/mine",
    );
    expect((await callAs(svc, { key: other.key }, "GET", `/v2/hooks/${hookId}/deliveries`)).status).toBe(403);
    const mine = await callAs(svc, as("admin"), "GET", `/v2/hooks/${hookId}/deliveries`);
    const deliveryId = (mine.body as { deliveries: { id: string }[] }).deliveries[0]!.id;
    const resend = `/v2/hooks/${hookId}/deliveries/${deliveryId}/resend`;
    expect((await callAs(svc, { key: other.key }, "POST", resend)).status).toBe(403);
    // What the other admin still may do: see it, rename it, pause it.
    const renamed = await callAs(svc, { key: other.key }, "PATCH", `/v2/hooks/${hookId}`, {
      name: "Paused",
      disabled: true,
    });
    expect(renamed.status).toBe(200);
  });
});

describe("the spending ledger counts every call but names only chats the reader may read", () => {
  test("an admin sees the author's private chat's spending without its title, in entries, summaries and CSV", async () => {
    const titleByAuthor = async (privacy: Privacy) =>
      expectSchema(Chat, (await callAs(svc, as("author"), "GET", `/v2/chats/${chats[privacy]}`)).body).title;
    const privateTitle = await titleByAuthor("private");
    const teamTitle = await titleByAuthor("team");
    expect(privateTitle).toBeTruthy();
    const ledger = await callAs(svc, as("admin"), "GET", "/v2/usage/ledger?limit=1000");
    expect(ledger.status, JSON.stringify(ledger.body)).toBe(200);
    const entries = (ledger.body as { entries: { chatId: string | null; chatTitle: string | null }[] }).entries;
    const titleOf = (privacy: Privacy) => entries.find((e) => e.chatId === chats[privacy])?.chatTitle;
    expect(titleOf("private")).toBeNull();
    expect(titleOf("team")).toBe(teamTitle);
    const summary = await callAs(svc, as("admin"), "GET", "/v2/usage/ledger/summary?by=chat");
    const groups = (summary.body as { groups: { key: string; label: string | null }[] }).groups;
    expect(groups.find((g) => g.key === chats.private)?.label).toBeNull();
    expect(groups.find((g) => g.key === chats.team)?.label).toBe(teamTitle);
    const csv = await callAs(svc, as("admin"), "GET", "/v2/usage/ledger?format=csv");
    expect(csv.status).toBe(200);
    const privateRows = (csv.body as string).split("\r\n").filter((line) => line.includes(chats.private));
    expect(privateRows.length).toBeGreaterThan(0);
    for (const row of privateRows) expect(row).not.toContain(privateTitle!);
    // The author reads their own chat's title.
    const own = await callAs(svc, as("author"), "GET", "/v2/usage/ledger?limit=1000");
    const ownEntries = (own.body as { entries: { chatId: string | null; chatTitle: string | null }[] }).entries;
    expect(ownEntries.find((e) => e.chatId === chats.private)?.chatTitle).toBe(privateTitle);
  });
});
