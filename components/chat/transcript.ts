import { formatCredits, formatNumber, formatUtc } from "@/components/ui/format";
import type { Chat, Message } from "@/lib/api/schemas";
import { stripAnsi } from "./parts/ansi";

/** Longer command output is cut in a transcript (the chat keeps all of it). */
const MAX_OUTPUT_LINES = 200;

/** A fenced block whose fence is longer than any backtick run inside, so no content can close it early. */
function fence(lang: string, body: string): string {
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const marks = "`".repeat(Math.max(3, longest + 1));
  return `${marks}${lang}\n${body.replace(/\n$/, "")}\n${marks}`;
}

/** Inline code that survives backticks in the value. */
function code(value: string): string {
  const longest = Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length));
  const marks = "`".repeat(longest + 1);
  return longest ? `${marks} ${value} ${marks}` : `${marks}${value}${marks}`;
}

function json(value: unknown): string {
  return fence("json", JSON.stringify(value, null, 2) ?? "null");
}

function quote(text: string): string {
  return text
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
}

function cut(output: string): string {
  const lines = stripAnsi(output).replace(/\n$/, "").split("\n");
  if (lines.length <= MAX_OUTPUT_LINES) return lines.join("\n");
  return [...lines.slice(0, MAX_OUTPUT_LINES), `… ${lines.length - MAX_OUTPUT_LINES} more lines`].join("\n");
}

type AnyPart = Record<string, unknown> & { type: string };

/** One part as Markdown: every kind the timeline shows, and unknown kinds as JSON. */
export function partMarkdown(part: AnyPart): string {
  const s = (key: string) => (typeof part[key] === "string" ? (part[key] as string) : "");
  switch (part.type) {
    case "text":
      return s("text");
    case "thinking":
      return `**Thinking**\n\n${quote(s("text"))}`;
    case "search":
      return `**Searched** ${part.scope === "web" ? "the web" : "the repository"} for ${code(s("query"))}`;
    case "file-read":
      return `**Read** ${((part.paths as string[] | undefined) ?? []).map(code).join(", ")}`;
    case "file-edit": {
      const target =
        part.operation === "rename" && s("toPath") ? `${code(s("path"))} → ${code(s("toPath"))}` : code(s("path"));
      return `**Edited** (${s("operation")}) ${target}`;
    }
    case "bash": {
      const facts = [
        typeof part.exitCode === "number" ? `exit ${part.exitCode}` : null,
        part.isDangerous ? "dangerous, needed approval" : null,
        typeof part.timeoutMs === "number" ? `timeout ${part.timeoutMs} ms` : null,
      ].filter(Boolean);
      const head = `**Ran** ${code(s("command"))}${facts.length ? ` (${facts.join(", ")})` : ""}`;
      return s("output") ? `${head}\n\n${fence("text", cut(s("output")))}` : head;
    }
    case "tool-call": {
      const name = s("toolDisplayName") || s("name");
      const lines = [`**Tool** ${code(name)}${part.status ? ` (${String(part.status)})` : ""}`];
      if (part.suggestedPermissions) lines.push("Waiting for your approval.");
      if (part.input !== undefined) lines.push(`Input:\n\n${json(part.input)}`);
      if (part.output !== undefined) lines.push(`Output:\n\n${json(part.output)}`);
      return lines.join("\n\n");
    }
    case "agent-action":
      return `**Action** ${code(s("name"))}\n\n${json(part.data ?? {})}`;
    default:
      return `**${part.type}**\n\n${json(part)}`;
  }
}

function usageLine(message: Message): string | null {
  const u = message.usage;
  if (!u) return null;
  const model = u.model ? `${u.model} · ` : "";
  return `_${model}${formatNumber(u.tokens.total)} tokens · ${formatCredits(u.creditsCost.total)} credits_`;
}

function messageMarkdown(message: Message): string {
  const when = formatUtc(message.createdAt);
  if (message.role === "user") return `## You · ${when}\n\n${message.content}`;
  const blocks = [`## Agent · ${when}`];
  const parts = (message.parts ?? []) as AnyPart[];
  for (const part of parts) blocks.push(partMarkdown(part));
  const lastText = [...parts].reverse().find((p) => p.type === "text");
  if (message.content && message.content !== lastText?.text) blocks.push(message.content);
  if (message.finishReason && message.finishReason !== "stop") blocks.push(`_Finished: ${message.finishReason}_`);
  const usage = usageLine(message);
  if (usage) blocks.push(usage);
  return blocks.join("\n\n");
}

/** The chat as a Markdown document: a header, then every message (given oldest first) with its parts. */
export function transcriptMarkdown(chat: Chat, oldestFirst: readonly Message[]): string {
  const messages = oldestFirst;
  const head = [
    `# ${chat.title || "Untitled chat"}`,
    "",
    `Chat ${code(chat.id)} · ${chat.privacy} · created ${formatUtc(chat.createdAt)} · ${formatNumber(messages.length)} messages`,
  ].join("\n");
  return [head, ...oldestFirst.map(messageMarkdown)].join("\n\n---\n\n") + "\n";
}

/** A file name for the download: the title's words, else the chat id. */
export function transcriptFileName(chat: Pick<Chat, "id" | "title">, ext: "md" | "json"): string {
  const slug = (chat.title ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || chat.id}.${ext}`;
}
