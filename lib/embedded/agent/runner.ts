import "server-only";
import type { FinishReason, Part, Usage } from "@/lib/api";
import type { EmitEvent } from "../events";
import { chatsStore, filesStore, messagesStore, type ChatRow, type Db, type MessageRow } from "../store";
import { iso, sleep } from "../time";
import type { Generation } from "./generation";
import type { Step } from "./script";
import { MessageVersion, plansVersion } from "./version";

interface RunInput {
  db: Db;
  generation: Generation;
  chat: ChatRow;
  message: MessageRow;
  steps: Step[];
  /** Pause between steps and for the work of a part; text chunks come at half this pace. */
  delayMs: number;
  /** Usage once the parts are known. */
  usage: (parts: readonly Part[]) => Usage;
  now?: () => Date;
  /** Webhook events: chat.updated (title), message.updated (at every part boundary), message.finished. */
  emit?: EmitEvent;
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
  const { db, generation, steps, delayMs } = input;
  const now = input.now ?? (() => new Date());
  const messageId = input.message.id;
  const chatId = input.chat.id;
  let parts: Part[] = [];
  let content = "";
  // The message's Version: pending from the start when it works on the files (version.ts).
  const version = new MessageVersion(db, input.chat.id, input.message.id, now);
  let finishReason: FinishReason = "stop";

  const replaceLast = (part: Part) => {
    parts = [...parts.slice(0, -1), part];
    generation.emit({ type: "parts", messageId, parts });
  };
  const persist = async () => {
    await messagesStore.updateMessage(db, messageId, { parts, content, updatedAt: now() });
    input.emit?.("message.updated", { chatId, messageId });
  };

  try {
    if (plansVersion(steps)) await version.open();
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      if (i > 0) await sleep(delayMs);
      if (generation.stopped) break; // stopped by the user: the message keeps what it has and finishes
      if (step.kind === "title") {
        await chatsStore.updateChat(db, chatId, { title: step.title, updatedAt: now() });
        generation.emit({ type: "title", chatId, title: step.title });
        input.emit?.("chat.updated", { chatId });
        continue;
      }
      if (step.kind === "fail") throw new ScriptedFailure(step.message, step.code);
      if (step.kind === "block") {
        // The request the user answers: its part is complete, the message waits (finishReason "tool-calls").
        const at = iso(now());
        parts = [...parts, { ...step.part, startedAt: at, finishedAt: at } as Part];
        generation.emit({ type: "parts", messageId, parts });
        finishReason = "tool-calls";
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
      parts = [...parts, part];
      generation.emit({ type: "parts", messageId, parts });
      await persist();

      if (step.chunks && (part.type === "text" || part.type === "thinking")) {
        let text = "";
        for (const chunk of step.chunks) {
          await sleep(Math.floor(delayMs / 2));
          if (generation.stopped) break;
          text += chunk;
          part = { ...part, text } as Part;
          if (part.type === "text") content = text;
          replaceLast(part);
        }
      } else if (shell) {
        for (const chunk of outputChunks(shell.output)) {
          await sleep(Math.floor(delayMs / 2));
          if (generation.stopped) break;
          part = { ...part, output: (part as { output?: string }).output + chunk } as Part;
          replaceLast(part);
        }
        await sleep(delayMs);
        if (shell.exitCode !== undefined) part = { ...part, exitCode: shell.exitCode } as Part;
      } else {
        await sleep(delayMs);
        if (step.run) part = { ...part, ...(await step.run()) } as Part;
      }
      // Locked files are never written (the plan skips them; this guards the store too).
      if (step.write && !(await filesStore.findFile(db, chatId, step.write.path))?.locked) {
        const { path, content, encoding = "utf8" } = step.write;
        await version.open();
        await filesStore.writeFile(db, { chatId, path, content, encoding, at: now() });
      }
      replaceLast({ ...part, finishedAt: iso(now()) } as Part);
      await persist();
    }
  } catch (error) {
    finishReason = "error";
    const scripted = error instanceof ScriptedFailure;
    if (!scripted) console.error("[embedded] generation failed", error);
    generation.emit({
      type: "error",
      messageId,
      message: scripted ? error.message : "The agent stopped because of an internal error.",
      code: scripted ? error.code : "internal_error",
    });
  }

  try {
    const at = now();
    const message = await messagesStore.updateMessage(db, messageId, {
      parts,
      content,
      finishReason,
      usage: input.usage(parts),
      updatedAt: at,
    });
    const chat = await chatsStore.updateChat(db, chatId, { updatedAt: at });
    if (!message || !chat) throw new Error(`chat ${chatId} or message ${messageId} disappeared while generating`);
    await version.close(finishReason === "error" ? "failed" : "completed", at);
    input.emit?.("message.finished", { chatId, messageId });
    generation.emit({ type: "finished", message, chat });
    generation.resolve({ message, chat });
  } catch (error) {
    console.error("[embedded] could not finish the message", error);
    generation.emit({ type: "error", messageId, message: "The message could not be saved.", code: "internal_error" });
    generation.reject(error);
  }
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
