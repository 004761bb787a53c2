import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ChatWithUsage, Message } from "@/lib/api";
import { expectSchema } from "../test-support";
import { shapes, startModelHarness, type ModelHarness } from "./test-peer";

/**
 * A stuck model-backed agent stops (AGENT_STUCK_REPEATS, here 2): the peer's scripts repeat a failing call, the same
 * call, or rewrite a file back and forth; the answer ends before its next model call with a text that says what it
 * saw and asks how to go on. Scripted by prompt (`when`), so the turns it never reaches are not left queued.
 */
let h: ModelHarness;
beforeAll(async () => {
  h = await startModelHarness({ stuckRepeats: 2 });
});
afterAll(() => h.close());

async function answerTo(prompt: string): Promise<{ answer: Message; calls: number }> {
  h.peer.titles(["A chat"]);
  const before = h.peer.requests.length;
  const res = await h.api("POST", "/v2/chats", { message: prompt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const chatId = expectSchema(ChatWithUsage, res.body).chat.id;
  const answer = (await h.messages(chatId)).at(-1)!;
  return { answer, calls: h.peer.requests.length - before };
}

const again = <T>(n: number, turn: T) => Array.from({ length: n }, () => turn);

describe("a stuck agent", () => {
  test("the same failing call, the configured number of times, stops the answer and asks how to go on", async () => {
    const fix = { toolCalls: [{ name: "edit_file", arguments: { path: "missing.js", search: "a", replace: "b" } }] };
    h.peer.when("Fix the missing file", [...again(5, fix), { text: "Never reached." }]);
    const { answer, calls } = await answerTo("Fix the missing file");
    expect(calls).toBe(2);
    expect(answer.finishReason).toBe("stop");
    expect(shapes(answer.parts)).toEqual([
      {
        type: "text",
        text: expect.stringMatching(
          /^I stopped here: edit_file failed 2 times with the same output: “Refused: there is no file missing\.js; use write_file to create it\.” Trying again .*How should I go on\?/,
        ),
      },
    ]);
    expect(answer.content).toMatch(/How should I go on\?/);
  });

  test("the same call with the same arguments and the same answer stops it too", async () => {
    const list = { toolCalls: [{ name: "list_files", arguments: { prefix: "" } }] };
    h.peer.when("Look at the files", [...again(4, list), { text: "Never reached." }]);
    const { answer, calls } = await answerTo("Look at the files");
    expect(calls).toBe(2);
    expect(answer.parts!.at(-1)).toMatchObject({
      type: "text",
      text: expect.stringMatching(/^I stopped here: I called list_files 2 times with the same arguments/),
    });
  });

  test("a file rewritten back and forth stops it; what it wrote stays", async () => {
    const write = (content: string) => ({ toolCalls: [{ name: "write_file", arguments: { path: "a.txt", content } }] });
    const edit = (replaceAll: boolean) => ({
      toolCalls: [{ name: "edit_file", arguments: { path: "a.txt", search: "A", replace: "B", replaceAll } }],
    });
    h.peer.when("Settle on a letter", [write("A"), edit(false), write("A"), edit(true), write("A"), { text: "No." }]);
    const { answer, calls } = await answerTo("Settle on a letter");
    expect(calls).toBe(4);
    expect(answer.parts!.at(-1)).toMatchObject({
      type: "text",
      text: expect.stringMatching(/^I stopped here: I rewrote a\.txt back to a content it already had 2 times/),
    });
    expect(answer.parts!.filter((p) => p.type === "file-edit")).toHaveLength(4);
    expect(await h.files(answer.chatId)).toEqual([{ path: "a.txt", content: "B", encoding: "utf8" }]);
  });

  test("different calls go on as before (the step limit, not the stuck rule, ends a long answer)", async () => {
    const turns = Array.from({ length: 3 }, (_, i) => ({
      toolCalls: [{ name: "search_files", arguments: { query: `word${i}` } }],
    }));
    h.peer.when("Search around", [...turns, { text: "Found nothing." }]);
    const { answer, calls } = await answerTo("Search around");
    expect(calls).toBe(4);
    expect(answer.parts!.at(-1)).toMatchObject({ type: "text", text: "Found nothing." });
  });
});
