import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChatWithUsage, type Message } from "@/lib/api";
import { expectSchema } from "../test-support";
import { shapes, startModelHarness, toolResults, type ModelHarness } from "./test-support";

/**
 * The model-backed agent over real HTTP on both sides: the embedded service (served on a loopback port) answers with
 * the AI SDK talking to the scripted OpenAI-compatible peer. Nothing of the SDK or of our code is mocked.
 */
let h: ModelHarness;
beforeAll(async () => {
  h = await startModelHarness();
});
afterAll(() => h.close());

const INDEX =
  '<!doctype html>\n<html><head><link rel="stylesheet" href="styles.css"></head><body><h1>Counter</h1><script src="app.js"></script></body></html>\n';

async function createChat(message: string, extra: Record<string, unknown> = {}) {
  const res = await h.api("POST", "/v2/chats", { message, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(ChatWithUsage, res.body);
}

const lastAssistant = async (chatId: string): Promise<Message> => (await h.messages(chatId)).at(-1)!;

describe("writing files", () => {
  test("a write_file call becomes a file-edit part, the chat's file and a completed version; the text streams", async () => {
    h.peer.titles(["Counter app"]);
    h.peer.script([
      {
        reasoning: "The user wants a counter. I will write index.html.",
        text: "I'll create the page.",
        toolCalls: [{ name: "write_file", arguments: { path: "index.html", content: INDEX } }],
      },
      { text: "Created **index.html** with a counter heading." },
    ]);
    const events = await h.stream("/v2/chats/stream", { message: "Build a counter app" });
    const chatId = (events.find((e) => e.object === "chat") as unknown as { id: string }).id;
    expect(events.filter((e) => e.object === "chat.title").map((e) => e.delta)).toEqual(["Counter app"]);
    expect(events.filter((e) => e.object === "message.parts.chunk").length).toBeGreaterThan(4);

    const answer = await lastAssistant(chatId);
    expect(answer.finishReason).toBe("stop");
    expect(shapes(answer.parts)).toEqual([
      { type: "thinking", text: "The user wants a counter. I will write index.html." },
      { type: "text", text: "I'll create the page." },
      { type: "file-edit", operation: "create", path: "index.html" },
      { type: "text", text: "Created **index.html** with a counter heading." },
    ]);
    for (const p of answer.parts!) expect(p.startedAt && p.finishedAt, p.type).toBeTruthy();
    expect(answer.content).toBe("I'll create the page.\n\nCreated **index.html** with a counter heading.");
    expect(await h.files(chatId)).toEqual([{ path: "index.html", content: INDEX, encoding: "utf8" }]);

    const chat = await h.api("GET", `/v1/chats/${chatId}`);
    const version = (chat.body as { latestVersion: { status: string; files: Array<{ name: string }> } }).latestVersion;
    expect(version.status).toBe("completed");
    expect(version.files.map((f) => f.name)).toEqual(["index.html"]);
    expect((await h.api("GET", `/v2/chats/${chatId}`)).body).toMatchObject({ title: "Counter app" });

    // The model got our system prompt, the prompt, the tools, and its tool's result.
    const [first, second] = h.peer.requests.slice(-2);
    expect(first!.authorization).toBe("Bearer sk-peer");
    expect(first!.body.model).toBe("peer-coder");
    expect(first!.body.messages[0]).toMatchObject({ role: "system" });
    expect(String(first!.body.messages[0]!.content)).toMatch(/static web app[\s\S]*The project has no files yet/);
    expect(first!.body.messages.at(-1)).toEqual({ role: "user", content: "Build a counter app" });
    expect(first!.body.tools!.map((t) => t.function.name).sort()).toEqual([
      "delete_file",
      "edit_file",
      "list_files",
      "read_file",
      "rename_file",
      "request_integration",
      "search_files",
      "write_file",
    ]);
    expect(Object.values(toolResults(second!))).toEqual([expect.stringMatching(/^Created index\.html/)]);
  });
});
