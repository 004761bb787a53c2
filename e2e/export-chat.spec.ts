import { readFileSync } from "node:fs";
import { expect, svc, test } from "./fixtures";

test("export a chat from its Details tab as Markdown and as JSON", async ({ signedIn: page, request }) => {
  const { chat } = await svc<{ chat: { id: string; title: string } }>(request, "POST", "/v2/chats", {
    message: "A lighthouse rota /fast",
  });
  await svc(request, "POST", `/v2/chats/${chat.id}/messages`, { message: "Add a night shift column /fast" });

  await page.goto(`/chats/${encodeURIComponent(chat.id)}?tab=details`);
  const section = page.getByTestId("export-chat-section");

  const [md] = await Promise.all([page.waitForEvent("download"), section.getByTestId("export-markdown").click()]);
  expect(md.suggestedFilename()).toBe("lighthouse-rota.md");
  const text = readFileSync((await md.path())!, "utf8");
  expect(text.startsWith(`# ${chat.title}\n`)).toBe(true);
  expect(text).toContain("· 4 messages");
  // Oldest first: the first prompt, its answer's parts, then the follow-up.
  const first = text.indexOf("A lighthouse rota /fast");
  const followUp = text.indexOf("Add a night shift column /fast");
  expect(first).toBeGreaterThan(0);
  expect(followUp).toBeGreaterThan(first);
  expect(text.indexOf("**Edited** (create) `index.html`")).toBeGreaterThan(first);
  expect(text.indexOf("**Edited** (create) `index.html`")).toBeLessThan(followUp);
  expect(text).toContain("**Edited** (update) `index.html`");
  expect(text).toContain("**Ran** `npm run build`");
  expect(text).toContain("**Tool** `Check project` (ok)");

  const [json] = await Promise.all([page.waitForEvent("download"), section.getByTestId("export-json").click()]);
  expect(json.suggestedFilename()).toBe("lighthouse-rota.json");
  const data = JSON.parse(readFileSync((await json.path())!, "utf8")) as {
    chat: { id: string };
    messages: { role: string; content: string }[];
  };
  expect(data.chat.id).toBe(chat.id);
  expect(data.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  expect(data.messages[2]!.content).toBe("Add a night shift column /fast");
});
