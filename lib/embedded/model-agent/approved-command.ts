import "server-only";
import type { MessageWriter } from "../generation/message-writer";
import type { ChatFileRow } from "../store";
import { iso } from "../time";
import { COMMAND_TIMEOUT_MS, runCommand } from "./command";

/** Output the model reads of a command (its end). */
const OUTPUT_FOR_MODEL = 4_000;
/** How often the growing output is emitted. */
const EMIT_EVERY_MS = 200;

/**
 * The answer after the user approved a command: runs it (a `bash` part, `isDangerous`, its output arriving while it
 * runs, then its exit code) and says what happened in a sentence the model continues from.
 */
export async function runApprovedCommand(opts: {
  writer: MessageWriter;
  command: string;
  files: readonly ChatFileRow[];
  allowed: boolean;
  /** The project's environment variables, in the command's environment. */
  env?: Record<string, string>;
  signal: AbortSignal;
}): Promise<string> {
  const { writer, command } = opts;
  if (!opts.allowed)
    return `I approved running \`${command}\`, but running commands is switched off on this server, so it did not run. Continue without it.`;
  const startedAt = iso(writer.now());
  writer.append({ type: "bash", command, output: "", isDangerous: true, timeoutMs: COMMAND_TIMEOUT_MS, startedAt });
  await writer.persist();
  const index = writer.parts.length - 1;
  let shown = 0;
  const run = await runCommand({
    command,
    files: opts.files,
    env: opts.env,
    signal: opts.signal,
    onOutput: (output) => {
      if (Date.now() - shown < EMIT_EVERY_MS) return;
      shown = Date.now();
      writer.replaceAt(index, { ...writer.parts[index]!, output });
    },
  });
  writer.replaceAt(index, {
    ...writer.parts[index]!,
    output: run.output,
    exitCode: run.exitCode,
    finishedAt: iso(writer.now()),
  });
  await writer.persist();
  const how = run.timedOut
    ? `was stopped after ${COMMAND_TIMEOUT_MS / 1000} seconds (time limit)`
    : run.exitCode === null
      ? "was stopped"
      : `exited with code ${run.exitCode}`;
  const tail = run.output.length > OUTPUT_FOR_MODEL ? `…${run.output.slice(-OUTPUT_FOR_MODEL)}` : run.output;
  return `I approved running \`${command}\`. It ran in a temporary copy of the project's files and ${how}. Its output:\n\`\`\`\n${tail}\n\`\`\`\nContinue the task.`;
}
