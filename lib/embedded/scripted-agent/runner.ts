import "server-only";
import type { Part, Usage } from "@/lib/api";
import { iso, sleep } from "../time";
import { MessageWriter, type MessageWriterInput } from "../generation/message-writer";
import type { Step } from "./script";

interface RunInput extends MessageWriterInput {
  steps: Step[];
  /** Pause between steps and for the work of a part; text chunks come at half this pace. */
  delayMs: number;
  /** Usage once the parts are known. */
  usage: (parts: readonly Part[]) => Usage;
  /** Before the message is finished (its parts known): the ledger records the answer. */
  beforeFinish?: (parts: readonly Part[]) => Promise<void>;
}

class ScriptedFailure extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * Executes a script: appends parts (streaming text chunks), writes files as their file-edit parts run,
 * persists the message at every part boundary, emits every change to the generation's listeners,
 * and always finishes the message (finishReason "stop"; "tool-calls" when it ends with a request to the user;
 * "error" after a failure) with its usage. A stop request ends it at the next step or chunk, keeping what it has
 * ("stop"); the part in progress is closed as it is.
 */
export async function runScript(input: RunInput): Promise<void> {
  const { generation, steps, delayMs } = input;
  const writer = new MessageWriter(input);
  const now = writer.now;

  try {
    if (plansVersion(steps)) await writer.version.open();
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      if (i > 0) await sleep(delayMs);
      if (generation.stopped) break; // stopped by the user: the message keeps what it has and finishes
      if (step.kind === "title") {
        await writer.setTitle(step.title);
        continue;
      }
      if (step.kind === "fail") throw new ScriptedFailure(step.message, step.code);
      if (step.kind === "block") {
        // The request the user answers: its part is complete, the message waits (finishReason "tool-calls").
        const at = iso(now());
        writer.append({ ...step.part, startedAt: at, finishedAt: at } as Part);
        writer.finishReason = "tool-calls";
        break;
      }

      const startedAt = iso(now());
      let part = { ...step.part, startedAt } as Part;
      if (step.chunks && (part.type === "text" || part.type === "thinking")) part = { ...part, text: "" };
      // A command's output arrives while it runs, its exit code once it ended (steps with `run` report both at the end).
      const shell =
        part.type === "bash" && !step.run
          ? {
              output: typeof part.output === "string" ? part.output : "",
              exitCode: typeof part.exitCode === "number" ? part.exitCode : undefined,
            }
          : null;
      if (shell && part.type === "bash") {
        const { exitCode: _exit, ...running } = part;
        part = { ...running, output: "" } as Part;
      }
      writer.append(part);
      await writer.persist();

      if (step.chunks && (part.type === "text" || part.type === "thinking")) {
        let text = "";
        for (const chunk of step.chunks) {
          await sleep(Math.floor(delayMs / 2));
          if (generation.stopped) break;
          text += chunk;
          part = { ...part, text } as Part;
          if (part.type === "text") writer.content = text;
          writer.replaceLast(part);
        }
      } else if (shell) {
        for (const chunk of outputChunks(shell.output)) {
          await sleep(Math.floor(delayMs / 2));
          if (generation.stopped) break;
          part = { ...part, output: (part as { output?: string }).output + chunk } as Part;
          writer.replaceLast(part);
        }
        await sleep(delayMs);
        if (shell.exitCode !== undefined) part = { ...part, exitCode: shell.exitCode } as Part;
      } else {
        await sleep(delayMs);
        if (step.run) part = { ...part, ...(await step.run()) } as Part;
      }
      // Locked files are never written (the plan skips them; this guards the store too).
      if (step.write) await writer.writeUnlessLocked(step.write);
      writer.replaceLast({ ...part, finishedAt: iso(now()) } as Part);
      await writer.persist();
    }
  } catch (error) {
    if (error instanceof ScriptedFailure) writer.fail(error.message, error.code);
    else writer.internalError(error);
  }

  try {
    await input.beforeFinish?.(writer.parts);
  } catch (error) {
    console.error("[embedded] could not record the answer's usage", error);
  }
  await writer.finish(input.usage(writer.parts));
}

/** A command's output in about eight pieces of whole lines, as a terminal would show it arriving. */
function outputChunks(output: string): string[] {
  if (!output) return [];
  const lines = output.split(/(?<=\n)/);
  const per = Math.max(1, Math.ceil(lines.length / 8));
  const chunks: string[] = [];
  for (let i = 0; i < lines.length; i += per) chunks.push(lines.slice(i, i + per).join(""));
  return chunks;
}

/** Whether a plan works on the files: it writes one (or was going to build and stops with `/fail`), so it opens a version. */
function plansVersion(steps: readonly Step[]): boolean {
  return steps.some((s) => (s.kind === "part" && s.write !== undefined) || s.kind === "fail");
}
