import "server-only";
import { createHash } from "node:crypto";
import type { ToolSet } from "ai";

/** How many times the same thing may happen in one answer before the agent stops (AGENT_STUCK_REPEATS). */
export const DEFAULT_STUCK_REPEATS = 3;

/** Tools that change one file, named by their `path` input. */
const FILE_WRITES = new Set(["write_file", "edit_file"]);

const digest = (text: string) => createHash("sha256").update(text).digest("base64url");

/** A tool's output as text (our tools answer strings; MCP tools objects). */
const asText = (output: unknown): string => (typeof output === "string" ? output : (JSON.stringify(output) ?? ""));

/** Whether a tool's output says it failed: a refusal of ours, a command's non-zero exit, an MCP error result. */
function failed(output: unknown): boolean {
  if (typeof output === "string") return /^Refused:/.test(output) || /\bexit code [1-9]\d*\b/i.test(output);
  return typeof output === "object" && output !== null && (output as { isError?: unknown }).isError === true;
}

/** Arguments as one canonical text (keys sorted), for comparing calls. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/** The first line of a text, at most `max` characters, for a sentence. */
const firstLine = (text: string, max = 160) => {
  const line = text.split("\n").find((l) => l.trim()) ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/**
 * Notices a model-backed answer going round in circles (OpenHands' stuck detector, for our tools): the same tool call
 * with the same arguments answered the same way, the same failure (a refusal, a command's non-zero exit, an MCP error)
 * whatever the arguments, or a file written back to a content it already had, `repeats` times in one answer. It
 * watches by wrapping the tools' `execute`; once it has seen enough, `reason` says what in a sentence and the answer
 * stops before its next model call (turn.ts), asking the person how to go on.
 */
export class StuckWatch {
  reason: string | null = null;
  private readonly calls = new Map<string, number>();
  private readonly failures = new Map<string, number>();
  private readonly files = new Map<string, { seen: string[]; returns: number }>();

  constructor(
    private readonly repeats: number,
    /** The file's content now (null: none), to see it go back and forth. */
    private readonly contentOf: (path: string) => Promise<string | null>,
  ) {}

  /** The tools, each call watched. */
  wrap(tools: ToolSet): ToolSet {
    return Object.fromEntries(
      Object.entries(tools).map(([name, t]) => {
        const execute = t.execute;
        if (!execute) return [name, t];
        return [
          name,
          {
            ...t,
            execute: async (input: unknown, options: Parameters<typeof execute>[1]) => {
              const path = FILE_WRITES.has(name) ? pathOf(input) : null;
              const before = path ? await this.contentOf(path) : null;
              let output: unknown;
              try {
                output = await execute(input, options);
              } catch (error) {
                this.observeFailure(name, error instanceof Error ? error.message : String(error));
                throw error;
              }
              this.observeCall(name, input, output);
              if (path) await this.observeFile(path, before);
              return output;
            },
          },
        ];
      }),
    ) as ToolSet;
  }

  private count(map: Map<string, number>, key: string): number {
    const n = (map.get(key) ?? 0) + 1;
    map.set(key, n);
    return n;
  }

  private observeCall(name: string, input: unknown, output: unknown): void {
    const text = asText(output);
    if (failed(output)) this.observeFailure(name, text);
    const n = this.count(this.calls, `${name}\u0000${canonical(input)}\u0000${digest(text)}`);
    if (n >= this.repeats)
      this.reason ??= `I called ${name} ${n} times with the same arguments (${firstLine(canonical(input), 120)}) and got the same answer each time.`;
  }

  private observeFailure(name: string, text: string): void {
    const n = this.count(this.failures, `${name}\u0000${digest(text)}`);
    if (n >= this.repeats) this.reason ??= `${name} failed ${n} times with the same output: “${firstLine(text)}”`;
  }

  private async observeFile(path: string, before: string | null): Promise<void> {
    const now = await this.contentOf(path);
    if (now === null) return;
    const file = this.files.get(path) ?? { seen: before === null ? [] : [digest(before)], returns: 0 };
    this.files.set(path, file);
    const d = digest(now);
    if (file.seen.at(-1) === d) return;
    if (file.seen.includes(d)) file.returns++;
    file.seen.push(d);
    if (file.returns >= this.repeats)
      this.reason ??= `I rewrote ${path} back to a content it already had ${file.returns} times, going back and forth between versions.`;
  }
}

function pathOf(input: unknown): string | null {
  const path = (input as { path?: unknown } | null)?.path;
  return typeof path === "string" ? path.trim() : null;
}

/** The closing text of an answer that stopped because it was stuck. */
export const stuckNote = (reason: string) =>
  `I stopped here: ${reason} Trying again the same way would only spend more. How should I go on? Tell me what to change or what to try instead, and I will continue from here.`;
