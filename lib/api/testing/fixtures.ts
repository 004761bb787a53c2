import { diffParts } from "../parts";
import type { Chat, Message, Part, StreamEvent, Usage } from "../schemas";

/** Spec-shaped sample values for tests (not used by the app). */

export const sampleChat = (over: Partial<Chat> = {}): Chat => ({
  id: "chat_1",
  privacy: "private",
  createdAt: "2025-01-01T12:00:00Z",
  authorId: "user_1",
  metadata: {},
  writePermission: true,
  ...over,
});

export const sampleUsage = (over: Partial<Usage> = {}): Usage => ({
  model: "svc-pro",
  tokens: { input: 10, output: 20, cacheRead: 5, cacheWrite: 1, total: 36 },
  creditsCost: { input: 0.1, output: 0.2, cacheRead: 0.05, cacheWrite: 0.01, total: 0.36 },
  ...over,
});

export const allKindsOfParts = (): Part[] => [
  {
    type: "thinking",
    text: "Planning the page.",
    startedAt: "2025-01-01T12:00:01Z",
    finishedAt: "2025-01-01T12:00:02.5Z",
  },
  { type: "search", scope: "repo", query: "layout" },
  { type: "file-read", paths: ["index.html", "styles.css"] },
  { type: "agent-action", name: "plan", data: { requestedIntegrations: [], requestedMcpPresets: [] } },
  { type: "file-edit", operation: "rename", path: "a.js", toPath: "app.js" },
  {
    type: "tool-call",
    name: "project_tool",
    toolDisplayName: null,
    input: { any: ["thing"] },
    output: 42,
    status: "ok",
    suggestedPermissions: [{ type: "ALLOW_DYNAMIC_TOOL_STRICT", toolName: "run_script", input: { path: "x.sh" } }],
  },
  { type: "bash", command: "npm run build", output: "", exitCode: null, isDangerous: false, timeoutMs: 60000 },
  { type: "text", text: "Done: **built** the app. 😀" },
];

export const sampleMessage = (over: Partial<Message> = {}): Message => ({
  id: "msg_2",
  chatId: "chat_1",
  role: "assistant",
  createdAt: "2025-01-01T12:00:00Z",
  updatedAt: "2025-01-01T12:00:09Z",
  content: "Done.",
  parts: allKindsOfParts(),
  finishReason: "stop",
  usage: sampleUsage(),
  ...over,
});

/** The full 6.2 event sequence of a streamed chat creation whose parts go through `snapshots`. */
export function streamedEvents(
  snapshots: readonly Part[][],
  ids = { chatId: "chat_1", messageId: "msg_2" },
): StreamEvent[] {
  const chat = sampleChat({ id: ids.chatId });
  const events: StreamEvent[] = [
    { object: "chat", ...chat },
    { object: "chat.title", id: ids.chatId, delta: "Landing page" },
  ];
  for (let n = 1; n < snapshots.length; n++) {
    const delta = diffParts(snapshots[n - 1]!, snapshots[n]!);
    if (delta !== undefined) events.push({ object: "message.parts.chunk", id: ids.messageId, delta });
  }
  events.push({ object: "message.usage", id: ids.messageId, usage: sampleUsage() });
  events.push({ object: "chat", ...chat, title: "Landing page", updatedAt: "2025-01-01T12:01:00Z" });
  return events;
}
