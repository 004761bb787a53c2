import "server-only";
import type { MessageWriter } from "../generation/message-writer";
import { describeNetwork, type Sandbox } from "../sandbox";
import type { ChatFileRow } from "../store";
import { iso } from "../time";
import { runCommand } from "./command";

/** Output the model reads of a command (its end). */
const OUTPUT_FOR_MODEL = 4_000;
/** How often the growing output is emitted. */
const EMIT_EVERY_MS = 200;

/**
 * The answer after the user approved a command: runs it in the sandbox (a `bash` part, `isDangerous`, its output
 * arriving while it runs, then its exit code) and says what happened in a sentence the model continues from. Only the
 * command line and how it ended go to the server's log.
 */
export async function runApprovedCommand(opts: {
  writer: MessageWriter;
  command: string;
  files: readonly ChatFileRow[];
  /** Where commands run; null when running commands is switched off on this server. */
  sandbox: Sandbox | null;
  /** The project's environment variables, in the command's environment. */
  env?: Record<string, string>;
  signal: AbortSignal;
}): Promise<string> {
  const { writer, command, sandbox } = opts;
  if (!sandbox)
    return `I approved running \`${command}\`, but running commands is switched off on this server, so it did not run. Continue without it.`;
  const { limits, backend, network } = sandbox.settings;
  const startedAt = iso(writer.now());
  writer.append({ type: "bash", command, output: "", isDangerous: true, timeoutMs: limits.timeMs, startedAt });
  await writer.persist();
  const index = writer.parts.length - 1;
  let shown = 0;
  const run = await runCommand({
    command,
    files: opts.files,
    sandbox,
    env: opts.env,
    signal: opts.signal,
    onOutput: (output) => {
      if (Date.now() - shown < EMIT_EVERY_MS) return;
      shown = Date.now();
      writer.replaceAt(index, { ...writer.parts[index]!, output });
    },
  }).catch((error: unknown) => ({
    output: `[the sandbox could not run the command: ${(error as Error).message}]\n`,
    exitCode: null,
    timedOut: false,
    ended: "the sandbox could not run it",
  }));
  writer.replaceAt(index, {
    ...writer.parts[index]!,
    output: run.output,
    exitCode: run.exitCode,
    finishedAt: iso(writer.now()),
  });
  await writer.persist();
  const how =
    run.exitCode !== null
      ? `exited with code ${run.exitCode}`
      : run.ended
        ? `was ended: ${run.ended.replace(/^\[|\]$/g, "")}`
        : "was stopped";
  console.log(`[agent] the approved command \`${command}\` ${how}`);
  const where =
    backend === "none"
      ? "in a temporary copy of the project's files, without a sandbox"
      : `in a sandbox on a temporary copy of the project's files (${describeNetwork(network)})`;
  const tail = run.output.length > OUTPUT_FOR_MODEL ? `…${run.output.slice(-OUTPUT_FOR_MODEL)}` : run.output;
  return `I approved running \`${command}\`. It ran ${where} and ${how}. Its output:\n\`\`\`\n${tail}\n\`\`\`\nContinue the task.`;
}
