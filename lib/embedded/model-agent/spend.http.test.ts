import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  ApiKeyCreated,
  BudgetList,
  ChatWithUsage,
  ErrorV2,
  LedgerList,
  LedgerSummary,
  Member,
  Message,
  type LedgerEntry,
} from "@/lib/api";
import { ErrorV1 } from "@/lib/api/schemas/v1";
import { expectSchema, TEST_KEY } from "../test-support";
import { shapes, startModelHarness, type ModelHarness } from "./test-peer";

/**
 * The ledger and the budgets with the model-backed agent, over HTTP against the scripted OpenAI-compatible peer, whose
 * reported usage the ledger must match to the token. One credit per token makes the sums easy to read; the spending
 * clock is injected (`spendNow`) so a budget's day can end without waiting.
 */
let h: ModelHarness;
const clock = { now: new Date("2030-03-10T20:00:00.000Z") };
const ONE_PER_TOKEN = { input: 1e6, output: 1e6, cacheRead: 1e6, cacheWrite: 1e6 };
beforeAll(async () => {
  h = await startModelHarness({ creditsPerMTok: ONE_PER_TOKEN }, { spendNow: () => clock.now });
});
afterAll(() => h.close());

const INDEX = "<!doctype html><h1>Hi</h1>\n";

async function createChat(message: string): Promise<string> {
  const res = await h.api("POST", "/v2/chats", { message });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ChatWithUsage, res.body).chat.id;
}

async function ledger(query: string): Promise<LedgerEntry[]> {
  const res = await h.api("GET", `/v2/usage/ledger?from=2030-01-01T00:00:00Z&to=2031-01-01T00:00:00Z&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(LedgerList, res.body).entries;
}

async function budgets(): Promise<BudgetList> {
  const res = await h.api("GET", "/v2/budgets");
  expect(res.status).toBe(200);
  return expectSchema(BudgetList, res.body);
}

async function setBudgets(list: unknown[]): Promise<void> {
  const res = await h.api("PUT", "/v2/budgets", { budgets: list });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** What the peer reported for the requests since `from` (agent and title requests), as the ledger counts tokens. */
function reported(from: { agent: number; title: number; summary: number }) {
  const all = [
    ...h.peer.requests.slice(from.agent),
    ...h.peer.titleRequests.slice(from.title),
    ...h.peer.summaryRequests.slice(from.summary),
  ];
  return all.reduce((sum, r) => sum + r.usage!.prompt_tokens + r.usage!.completion_tokens, 0);
}

const marks = () => ({
  agent: h.peer.requests.length,
  title: h.peer.titleRequests.length,
  summary: h.peer.summaryRequests.length,
});

describe("the ledger", () => {
  test("every model call, its tokens as the peer reported them and its credits; the message's usage is their sum", async () => {
    const from = marks();
    h.peer.titles(["Ledger app"]);
    h.peer.script([
      {
        toolCalls: [{ name: "write_file", arguments: { path: "index.html", content: INDEX } }],
        usage: { prompt: 1200, completion: 80, cached: 1000 },
      },
      { text: "Done.", usage: { prompt: 1400, completion: 20 } },
    ]);
    const chatId = await createChat("Build the ledger app");
    const entries = (await ledger(`chatId=${chatId}`)).reverse(); // oldest first
    const answers = entries.filter((e) => !e.auxiliary);
    expect(answers.map((e) => e.tokens)).toEqual([
      { input: 200, output: 80, cacheRead: 1000, cacheWrite: 0, total: 1280 },
      { input: 1400, output: 20, cacheRead: 0, cacheWrite: 0, total: 1420 },
    ]);
    expect(answers.map((e) => e.credits)).toEqual([1280, 1420]);
    const title = entries.filter((e) => e.auxiliary);
    expect(title).toHaveLength(1);
    expect(title[0]).toMatchObject({ purpose: "title", model: "svc-pro", modelName: "peer-coder" });
    for (const e of entries)
      expect(e).toMatchObject({ chatId, memberId: "user_embedded", model: "svc-pro", modelName: "peer-coder" });

    // To the token: the ledger's sum is what the peer reported, and the message's usage is the same sum.
    const total = entries.reduce((n, e) => n + e.tokens.total, 0);
    expect(total).toBe(reported(from));
    const answer = (await h.messages(chatId)).at(-1)!;
    expect(answer.usage!.tokens.total).toBe(total);
    expect(answer.usage!.creditsCost.total).toBe(entries.reduce((n, e) => n + e.credits, 0));
    expect(new Set(entries.map((e) => e.messageId))).toEqual(new Set([answer.id]));
    expect(entries.every((e) => e.at === clock.now.toISOString())).toBe(true);

    // Sums by chat, model, person and day agree with it.
    for (const by of ["chat", "model", "person", "day"]) {
      const res = await h.api(
        "GET",
        `/v2/usage/ledger/summary?by=${by}&chatId=${chatId}&from=2030-01-01T00:00:00Z&to=2031-01-01T00:00:00Z`,
      );
      const summary = expectSchema(LedgerSummary, res.body);
      expect(summary.groups).toHaveLength(1);
      expect(summary.groups[0]).toMatchObject({ calls: 3, auxiliaryCalls: 1, credits: total });
      expect(summary.groups[0]!.tokens.total).toBe(total);
    }
    const byChat = expectSchema(
      LedgerSummary,
      (
        await h.api(
          "GET",
          `/v2/usage/ledger/summary?by=chat&chatId=${chatId}&from=2030-01-01T00:00:00Z&to=2031-01-01T00:00:00Z`,
        )
      ).body,
    );
    expect(byChat.groups[0]).toMatchObject({ key: chatId, label: "Ledger app" });

    // The export: a header and one line per call, oldest first.
    const csv = await fetch(
      `${h.baseUrl}/v2/usage/ledger?format=csv&chatId=${chatId}&from=2030-01-01T00:00:00Z&to=2031-01-01T00:00:00Z`,
      { headers: { authorization: `Bearer ${TEST_KEY}` } },
    );
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="ledger-2030-01-01-2031-01-01\.csv"$/,
    );
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^at,member_id,chat_id,chat_title,message_id,model,model_name,purpose,auxiliary,/);
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((l) => l.split(",").at(-1))).toEqual(entries.map((e) => String(e.credits)));
  });

  test("bad queries are refused in the spec's error shape", async () => {
    for (const query of [
      "from=yesterday",
      "from=2030-02-01T00:00:00Z&to=2030-01-01T00:00:00Z",
      "limit=0",
      "format=xml",
    ])
      expect((await h.api("GET", `/v2/usage/ledger?${query}`)).status, query).toBe(422);
    const bad = await h.api("GET", "/v2/usage/ledger/summary?by=planet");
    expect(bad.status).toBe(422);
    expect(expectSchema(ErrorV2, bad.body).message).toMatch(/^by: must be one of person, chat, model, day/);
  });
});

describe("budgets", () => {
  test("a budget reached mid-answer stops it at its next model call; the next message is refused until the day ends", async () => {
    clock.now = new Date("2030-03-12T20:00:00.000Z");
    const member = await addMember("budget-member@example.com");
    const chatId = await createChat("Start a page");
    const spentToday = await spentOn(clock.now);
    // A daily budget of 1,000 credits more than today's spending, a team budget far away, and the member's own.
    await setBudgets([
      { memberId: "user_embedded", period: "day", credits: spentToday + 1000 },
      { memberId: null, period: "month", credits: 1_000_000 },
      { memberId: member.id, period: "day", credits: 100_000 },
    ]);
    expect((await budgets()).caller.level).toBe("ok");

    const before = h.peer.requests.length;
    // Scripted by the prompt: the turn the answer never reaches is not left in the queue.
    h.peer.when("Write two pages", [
      {
        toolCalls: [{ name: "write_file", arguments: { path: "a.html", content: INDEX } }],
        usage: { prompt: 400, completion: 300 },
      },
      {
        toolCalls: [{ name: "write_file", arguments: { path: "b.html", content: INDEX } }],
        usage: { prompt: 300, completion: 100 },
      },
      { text: "Never asked for: the budget stops the answer first." },
    ]);
    const res = await h.api("POST", `/v2/chats/${chatId}/messages`, { message: "Write two pages" });
    expect(res.status).toBe(200);
    const answer = expectSchema(Message, res.body);
    expect(h.peer.requests.length - before).toBe(2);
    expect(answer.finishReason).toBe("stop");
    expect(shapes(answer.parts)).toEqual([
      { type: "file-edit", operation: "create", path: "a.html" },
      { type: "file-edit", operation: "create", path: "b.html" },
      {
        type: "text",
        text: expect.stringMatching(
          /^I stopped here: Your daily budget of [\d.,]+ credits is used up \([\d.,]+ credits spent; it resets at 2030-03-13T00:00:00\.000Z\)\. What I wrote so far is kept/,
        ),
      },
    ]);
    // Nothing half-written is lost: both files, in a completed version.
    expect((await h.files(chatId)).map((f) => f.path).sort()).toEqual(["a.html", "b.html"]);
    const v1 = await h.api("GET", `/v1/chats/${chatId}`);
    expect((v1.body as { latestVersion: { status: string } }).latestVersion.status).toBe("completed");

    const standing = await budgets();
    expect(standing.caller.level).toBe("exceeded");
    expect(standing.caller.budgets.find((b) => b.memberId === "user_embedded")).toMatchObject({
      used: spentToday + 1100,
      credits: spentToday + 1000,
      resetsAt: "2030-03-13T00:00:00.000Z",
    });
    expect(standing.budgets).toHaveLength(3);

    // The next message: 429 budget_exceeded in both API shapes, Retry-After at the day's end; nothing stored.
    const stored = (await h.messages(chatId)).length;
    const v2 = await rawSend(`/v2/chats/${chatId}/messages`, { message: "One more" });
    expect(v2.status).toBe(429);
    expect(v2.headers.get("retry-after")).toBe(String(4 * 3600));
    expect(expectSchema(ErrorV2, await v2.json()).message).toMatch(
      /^Your daily budget of .* is used up .* New messages are refused until 2030-03-13T00:00:00\.000Z\.$/,
    );
    const v1Send = await rawSend(`/v1/chats/${chatId}/messages`, { message: "One more" });
    expect(v1Send.status).toBe(429);
    expect(expectSchema(ErrorV1, await v1Send.json()).error).toMatchObject({
      code: "budget_exceeded",
      type: "rate_limit_error",
    });
    expect((await rawSend("/v2/chats", { message: "A new chat" })).status).toBe(429);
    expect(await h.messages(chatId)).toHaveLength(stored);

    // Another person is not affected: the member's own budget and the team's are far from reached.
    h.peer.when("The member's chat", [{ text: "Hello, member." }]);
    const theirs = await rawSend("/v2/chats", { message: "The member's chat" }, member.key);
    expect(theirs.status).toBe(200);
    const theirChat = expectSchema(ChatWithUsage, await theirs.json()).chat.id;
    const theirEntries = await ledger(`chatId=${theirChat}`);
    expect(theirEntries.length).toBeGreaterThan(0);
    expect(theirEntries.every((e) => e.memberId === member.id)).toBe(true);
    // They see their own budgets and ledger, not the admin's; they cannot set budgets.
    const theirStanding = expectSchema(BudgetList, (await apiAs(member.key, "GET", "/v2/budgets")).body);
    expect(theirStanding.caller).toMatchObject({ memberId: member.id, level: "ok" });
    expect(theirStanding.budgets.map((b) => b.memberId).sort()).toEqual([member.id, null].sort());
    const theirLedger = expectSchema(
      LedgerList,
      (await apiAs(member.key, "GET", "/v2/usage/ledger?from=2030-01-01T00:00:00Z&to=2031-01-01T00:00:00Z")).body,
    );
    expect(theirLedger.entries.map((e) => e.memberId)).toEqual(theirEntries.map(() => member.id));
    expect((await apiAs(member.key, "GET", "/v2/usage/ledger?memberId=user_embedded")).status).toBe(403);
    expect((await apiAs(member.key, "PUT", "/v2/budgets", { budgets: [] })).status).toBe(403);

    // The day's end lifts it.
    clock.now = new Date("2030-03-13T00:00:01.000Z");
    expect((await budgets()).caller.level).toBe("ok");
    h.peer.script([{ text: "A new day." }]);
    const next = await h.api("POST", `/v2/chats/${chatId}/messages`, { message: "One more" });
    expect(next.status).toBe(200);
    expect(expectSchema(Message, next.body).content).toBe("A new day.");
    await setBudgets([]);
  });

  test("only admins set budgets; a bad body is refused and changes nothing", async () => {
    await setBudgets([{ memberId: null, period: "day", credits: 5 }]);
    for (const body of [
      { budgets: [{ memberId: null, period: "week", credits: 5 }] },
      { budgets: [{ memberId: null, period: "day", credits: -1 }] },
      {
        budgets: [
          { memberId: null, period: "day", credits: 5 },
          { memberId: null, period: "day", credits: 6 },
        ],
      },
      { budgets: [{ period: "day", credits: 5 }] },
      { budgets: [{ memberId: "user_nobody", period: "day", credits: 5 }] },
      {},
    ]) {
      const res = await h.api("PUT", "/v2/budgets", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expectSchema(ErrorV2, res.body);
    }
    expect((await budgets()).budgets).toEqual([expect.objectContaining({ memberId: null, period: "day", credits: 5 })]);
    await setBudgets([]);
  });

  test("AGENT_MAX_CREDITS_PER_ANSWER stops one runaway answer the same way", async () => {
    const capped = await startModelHarness({ creditsPerMTok: ONE_PER_TOKEN, maxCreditsPerAnswer: 50 });
    try {
      capped.peer.titles(["Capped"]);
      capped.peer.script([
        { toolCalls: [{ name: "list_files", arguments: {} }], usage: { prompt: 40, completion: 20 } },
        { text: "Never asked for." },
      ]);
      const res = await capped.api("POST", "/v2/chats", { message: "Spend a lot" });
      const chatId = expectSchema(ChatWithUsage, res.body).chat.id;
      const answer = (await capped.messages(chatId)).at(-1)!;
      expect(capped.peer.requests).toHaveLength(1);
      expect(answer.parts!.at(-1)).toMatchObject({
        type: "text",
        text: expect.stringMatching(
          /^I stopped here: this answer has used [\d.]+ credits, the most one answer may use \(50 credits\)/,
        ),
      });
    } finally {
      await capped.close();
    }
  });
});

async function spentOn(day: Date): Promise<number> {
  const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  const end = new Date(start.getTime() + 86_400_000);
  const res = await h.api(
    "GET",
    `/v2/usage/ledger/summary?by=person&from=${start.toISOString()}&to=${end.toISOString()}`,
  );
  return expectSchema(LedgerSummary, res.body).groups.find((g) => g.key === "user_embedded")?.credits ?? 0;
}

function rawSend(path: string, body: unknown, key = TEST_KEY): Promise<Response> {
  return fetch(`${h.baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function apiAs(key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${h.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** A member with an API key of theirs. */
async function addMember(email: string): Promise<{ id: string; key: string }> {
  const created = await h.api("POST", "/v2/team/members", { email, role: "member", name: "Budget member" });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = expectSchema(Member, created.body).id;
  const key = await h.api("POST", "/v2/api-keys", { name: "their key", memberId: id });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  return { id, key: expectSchema(ApiKeyCreated, key.body).key };
}
