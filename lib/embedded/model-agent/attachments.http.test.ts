import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startModelHarness, type ModelHarness } from "./test-peer";

/** What the model reads of a prompt's attachments, over real HTTP to the scripted OpenAI-compatible peer. */
let h: ModelHarness;
beforeAll(async () => {
  h = await startModelHarness();
});
afterAll(() => h.close());

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

describe("attachments to the model", () => {
  test("an image as an image part, a text file as text, a zip's files in the project before the answer, a link by name", async () => {
    h.peer.script([{ toolCalls: [{ name: "list_files", arguments: {} }] }, { text: "Seen." }]);
    const zip = Buffer.from(zipSync({ "src/util.js": new TextEncoder().encode("export const one = 1;\n") })).toString(
      "base64",
    );
    const res = await h.api("POST", "/v2/chats", {
      message: "Build what the sketch shows",
      attachments: [
        { url: `data:image/png;base64,${PNG}`, name: "sketch.png", type: "screenshot" },
        { url: "data:text/plain,Title%3A%20Hello", name: "brief.txt" },
        { url: "data:,", content: zip, name: "code.zip", type: "zip" },
        { url: "https://example.com/spec.pdf" },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const first = h.peer.requests.at(-2)!;
    expect(first.body.messages.at(-1)).toEqual({
      role: "user",
      content: [
        { type: "text", text: "Build what the sketch shows" },
        { type: "text", text: "[Attached image: sketch.png]" },
        { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } },
        { type: "text", text: "[Attached file: brief.txt]\nTitle: Hello" },
        { type: "text", text: "[Attached zip archive: code.zip; its files were added to the project]" },
        { type: "text", text: "[Attached link: spec.pdf (https://example.com/spec.pdf); not fetched]" },
      ],
    });
    // The zip's file was in the project when the model listed the files (before its answer).
    expect(String(first.body.messages[0]!.content)).toContain("- src/util.js");
    const chatId = (res.body as { chat: { id: string } }).chat.id;
    expect(await h.files(chatId)).toEqual([
      { path: "src/util.js", content: "export const one = 1;\n", encoding: "utf8" },
    ]);
  });
});
