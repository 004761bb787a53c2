import { describe, expect, it } from "vitest";
import type { Chat, Message } from "@/lib/api/schemas";
import { partMarkdown, transcriptFileName, transcriptMarkdown } from "./transcript";

const chat: Chat = {
  id: "chat_1",
  title: "Tide table: harbour pilots!",
  privacy: "private",
  createdAt: "2026-11-24T10:00:00Z",
  authorId: "user_1",
  metadata: {},
  writePermission: true,
};

const at = "2026-11-24T10:00:00Z";
const user: Message = {
  id: "m1",
  chatId: "chat_1",
  role: "user",
  createdAt: at,
  updatedAt: at,
  content: "Build a tide table",
};
const assistant: Message = {
  id: "m2",
  chatId: "chat_1",
  role: "assistant",
  createdAt: at,
  updatedAt: at,
  content: "Done: the summary.",
  finishReason: "length",
  usage: {
    model: "svc-pro",
    tokens: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, total: 1234 },
    creditsCost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.0123 },
  } as Message["usage"],
  parts: [
    { type: "thinking", text: "Plan it.\nThen build." },
    { type: "search", scope: "web", query: "tide tables" },
    { type: "file-read", paths: ["index.html", "app.js"] },
    { type: "agent-action", name: "plan", data: { steps: ["Create index.html"] } },
    { type: "file-edit", operation: "rename", path: "a.js", toPath: "b.js" },
    {
      type: "tool-call",
      name: "check_project",
      toolDisplayName: "Check project",
      status: "ok",
      input: { files: ["a"] },
      output: { ok: true },
    },
    {
      type: "bash",
      command: "npm run build",
      output: "\u001b[32mok\u001b[0m\n",
      exitCode: 0,
      isDangerous: true,
      timeoutMs: 120000,
    },
    { type: "text", text: "## Summary\n\nAll good." },
  ] as Message["parts"],
};

describe("transcriptMarkdown", () => {
  it("renders the header and every message oldest first, each part kind readable", () => {
    const md = transcriptMarkdown(chat, [user, assistant]);
    expect(
      md.startsWith(
        "# Tide table: harbour pilots!\n\nChat `chat_1` · private · created 2026-11-24 10:00:00 UTC · 2 messages",
      ),
    ).toBe(true);
    expect(md.indexOf("## You")).toBeLessThan(md.indexOf("## Agent"));
    expect(md).toContain("Build a tide table");
    expect(md).toContain("**Thinking**\n\n> Plan it.\n> Then build.");
    expect(md).toContain("**Searched** the web for `tide tables`");
    expect(md).toContain("**Read** `index.html`, `app.js`");
    expect(md).toContain('**Action** `plan`\n\n```json\n{\n  "steps": [\n    "Create index.html"\n  ]\n}\n```');
    expect(md).toContain("**Edited** (rename) `a.js` → `b.js`");
    expect(md).toContain('**Tool** `Check project` (ok)\n\nInput:\n\n```json\n{\n  "files": [\n    "a"\n  ]\n}\n```');
    expect(md).toContain(
      "**Ran** `npm run build` (exit 0, dangerous, needed approval, timeout 120000 ms)\n\n```text\nok\n```",
    );
    expect(md).toContain("## Summary\n\nAll good.\n\nDone: the summary.");
    expect(md).toContain("_Finished: length_");
    expect(md).toContain("_svc-pro · 1,234 tokens · ");
    expect(md).not.toContain("\u001b");
  });

  it("does not repeat a closing summary that is the last text part", () => {
    const same = { ...assistant, content: "## Summary\n\nAll good.", finishReason: "stop" } as Message;
    const md = transcriptMarkdown(chat, [same]);
    expect(md.split("All good.").length).toBe(2);
    expect(md).not.toContain("_Finished");
  });

  it("keeps hostile content inside its fences and code spans, cuts long output, shows unknown parts as JSON", () => {
    const output = Array.from({ length: 250 }, (_, i) => `line ${i}`).join("\n");
    expect(partMarkdown({ type: "bash", command: "echo ``` `x`", output: "```\nclose?\n" })).toBe(
      "**Ran** ```` echo ``` `x` ````\n\n````text\n```\nclose?\n````",
    );
    const long = partMarkdown({ type: "bash", command: "seq", output });
    expect(long).toContain("line 199\n… 50 more lines\n```");
    expect(long).not.toContain("line 200");
    expect(partMarkdown({ type: "sandbox-snapshot", id: "s1" })).toBe(
      '**sandbox-snapshot**\n\n```json\n{\n  "type": "sandbox-snapshot",\n  "id": "s1"\n}\n```',
    );
  });
});

describe("transcriptFileName", () => {
  it("is the title's words, else the chat id", () => {
    expect(transcriptFileName(chat, "md")).toBe("tide-table-harbour-pilots.md");
    expect(transcriptFileName({ id: "chat_2" }, "json")).toBe("chat_2.json");
    expect(transcriptFileName({ id: "chat_3", title: "???" }, "md")).toBe("chat_3.md");
  });
});
