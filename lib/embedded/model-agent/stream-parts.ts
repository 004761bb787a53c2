import "server-only";
import type { TextStreamPart, ToolSet } from "ai";
import type { Part } from "@/lib/api";
import { commandRequestPart, integrationRequestPart } from "../approvals/requests";
import type { MessageWriter } from "../generation/message-writer";
import { describeReach, type Sandbox } from "../sandbox";
import { iso } from "../time";
import { COMMAND_TOOL, INTEGRATION_TOOL, type ToolParts } from "./file-tools";
import type { RunningParts } from "./mcp-tools";
import { addTokens, NO_TOKENS, tokensOf } from "./usage";

type Chunk = TextStreamPart<ToolSet>;

/** How often a growing text or thinking part is stored. */
const PERSIST_EVERY_MS = 500;

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : []);

/**
 * Turns the model's stream into the message's parts as it happens: reasoning → `thinking`, text → `text` (growing as
 * deltas arrive), a finished project tool → the part it reported (file-read, file-edit, search), an MCP tool →
 * a `tool-call` part from the call until its result, `request_integration` → the integration request (the message
 * then waits: finishReason "tool-calls"). Persists at every part boundary, through the writer.
 */
export class StreamParts {
  /** The text or thinking part being streamed: its stream id and index. */
  private open: { id: string; index: number } | null = null;
  /** Tool calls seen: when they started and the index of their running part, if they show one. */
  private readonly calls = new Map<string, { at: string; index?: number }>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  tokens = NO_TOKENS;
  error: unknown = null;
  /** The last step's stream ended without a finish reason from the API: it was cut off. */
  cutOff = false;
  /** The last step ended with tool calls (the model wanted to go on, not to wait for the user). */
  wantedMore = false;
  /** The model called a tool that asks the user (the loop ends on it). */
  private askedUser = false;

  constructor(
    private readonly writer: MessageWriter,
    private readonly toolParts: ToolParts,
    private readonly running: RunningParts,
    /** Where an approved command runs (its request says what it can reach); null: commands are off. */
    private readonly sandbox: Sandbox | null = null,
  ) {}

  async handle(chunk: Chunk): Promise<void> {
    switch (chunk.type) {
      case "reasoning-start":
      case "text-start":
        return this.startText(chunk.id, chunk.type === "text-start" ? "text" : "thinking");
      case "reasoning-delta":
      case "text-delta":
        return this.delta(chunk.id, chunk.type === "text-delta" ? "text" : "thinking", chunk.text);
      case "reasoning-end":
      case "text-end":
        if (this.open?.id === chunk.id) await this.closeText();
        return;
      case "tool-call":
        return this.toolCall(chunk.toolCallId, chunk.toolName, chunk.input, Boolean(chunk.invalid));
      case "tool-result":
        return this.toolDone(chunk.toolCallId);
      case "tool-error":
        return this.toolDone(chunk.toolCallId, chunk.error);
      case "finish-step":
        this.tokens = addTokens(this.tokens, tokensOf(chunk.usage));
        this.cutOff = chunk.rawFinishReason === undefined;
        this.wantedMore = chunk.finishReason === "tool-calls" && !this.askedUser;
        return;
      case "error":
        this.error ??= chunk.error;
        return;
      default:
        return;
    }
  }

  private async startText(id: string, type: "text" | "thinking"): Promise<void> {
    if (this.open) await this.closeText();
    this.writer.append({ type, text: "", startedAt: iso(this.writer.now()) });
    this.open = { id, index: this.writer.parts.length - 1 };
    await this.writer.persist();
  }

  private async delta(id: string, type: "text" | "thinking", text: string): Promise<void> {
    if (!text) return;
    if (this.open?.id !== id || this.writer.parts[this.open.index]?.type !== type) await this.startText(id, type);
    const index = this.open!.index;
    const part = this.writer.parts[index] as Part & { text: string };
    this.writer.replaceAt(index, { ...part, text: part.text + text });
    if (type === "text") this.writer.content = this.answerText();
    this.persistSoon();
  }

  /** A growing text is stored too (readers of the stored message, a crash), at most twice a second. */
  private persistSoon(): void {
    if (this.timer) return;
    const wait = Math.max(0, PERSIST_EVERY_MS - (Date.now() - this.writer.persistedAt));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.writer.persist().catch((error: unknown) => console.error("[embedded] could not store the message", error));
    }, wait);
  }

  /** A closing text part (a note of ours, e.g. the step limit). */
  async note(text: string): Promise<void> {
    const at = iso(this.writer.now());
    this.writer.append({ type: "text", text, startedAt: at, finishedAt: at });
    this.writer.content = this.answerText();
    await this.writer.persist();
  }

  /** No more stores of a growing text (the message is finishing). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async closeText(): Promise<void> {
    const open = this.open;
    this.open = null;
    if (!open) return;
    const part = this.writer.parts[open.index]!;
    this.writer.replaceAt(open.index, { ...part, finishedAt: iso(this.writer.now()) });
    await this.writer.persist();
  }

  private async toolCall(id: string, name: string, input: unknown, invalid: boolean): Promise<void> {
    if (this.open) await this.closeText(); // the text before a tool call is complete
    const at = iso(this.writer.now());
    const call: { at: string; index?: number } = { at };
    this.calls.set(id, call);
    if (invalid) return;
    if (name === INTEGRATION_TOOL || name === COMMAND_TOOL) this.askedUser = true;
    if (name === INTEGRATION_TOOL) {
      const args = (input ?? {}) as { integrations?: unknown; mcpPresets?: unknown };
      const [integrations, presets] = [strings(args.integrations), strings(args.mcpPresets)];
      if (!integrations.length && !presets.length) return; // the tool tells the model to name one
      this.writer.append({
        ...integrationRequestPart(integrations, presets),
        startedAt: at,
        finishedAt: at,
      });
      this.writer.finishReason = "tool-calls";
      await this.writer.persist();
      return;
    }
    if (name === COMMAND_TOOL) {
      const command = String((input as { command?: unknown } | null)?.command ?? "");
      const reach = this.sandbox ? describeReach(this.sandbox.settings) : "Running commands is switched off here.";
      this.writer.append({ ...commandRequestPart(command, reach), startedAt: at, finishedAt: at });
      this.writer.finishReason = "tool-calls";
      await this.writer.persist();
      return;
    }
    const running = this.running.get(name);
    if (running) {
      this.writer.append({ ...running(input), startedAt: at });
      call.index = this.writer.parts.length - 1;
      await this.writer.persist();
    }
  }

  private async toolDone(id: string, error?: unknown): Promise<void> {
    const call = this.calls.get(id);
    const done = this.toolParts.get(id);
    const finishedAt = iso(this.writer.now());
    if (call?.index !== undefined) {
      const shown = this.writer.parts[call.index]!;
      const failed = { output: { error: error instanceof Error ? error.message : String(error) }, status: "error" };
      this.writer.replaceAt(call.index, {
        ...shown,
        ...(done ?? (error ? failed : {})),
        startedAt: call.at,
        finishedAt,
      });
    } else if (done) {
      this.writer.append({ ...done, startedAt: call?.at ?? finishedAt, finishedAt });
    } else return;
    await this.writer.persist();
  }

  /** The message's content: its text parts, in order. */
  private answerText(): string {
    return this.writer.parts
      .filter((p): p is Part & { type: "text"; text: string } => p.type === "text")
      .map((p) => p.text)
      .filter(Boolean)
      .join("\n\n");
  }
}
