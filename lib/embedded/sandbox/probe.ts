import "server-only";
import { bubblewrapSandbox, BWRAP } from "./bubblewrap";
import type { SandboxSettings } from "./settings";

/** How the sandbox's absence is fixed, for the message that stops the start. */
const FIXES = [
  "install bubblewrap (Debian and Ubuntu: apt-get install bubblewrap; scripts/system-deps.sh and the Dockerfile do)",
  "allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1 on older Debian; kernel.apparmor_restrict_unprivileged_userns=0 on Ubuntu 24.04; in Docker run the container with --security-opt seccomp=unconfined --security-opt apparmor=unconfined)",
  "or set AGENT_COMMAND_SANDBOX=none to run commands without a sandbox, as the server's own user with its files and network (knowingly; docs/sandbox.md)",
];

/** A limit the system does not let the server's user set: its own fix. */
const LIMIT_FIX = [
  "set that AGENT_COMMAND_* limit lower (below the hard limit of the server's user: `ulimit -H -a` shows them), or raise the hard limit",
];

/** Why bubblewrap failed, from what it printed. */
function diagnose(output: string): string {
  if (/ulimit: .*(error setting limit|cannot modify limit)/.test(output))
    return "a limit cannot be set this high here (AGENT_COMMAND_*)";
  if (/the limits did not apply/.test(output))
    return "the system's /bin/sh did not set the limits (its ulimit is not dash's or ash's)";
  if (/nice.*No such file|No such file.*nice/.test(output)) return "coreutils' nice is missing";
  if (/namespace|uid map|Operation not permitted|Permission denied/i.test(output))
    return "user namespaces are not allowed here";
  return "it failed";
}

/**
 * Whether the configured sandbox can run a command here, by running one (`true` in an empty copy) the way every
 * command runs: null when it can, else a message saying why not and how to fix it. Backend `none` needs nothing.
 */
export async function probeSandbox(settings: SandboxSettings, program: string = BWRAP): Promise<string | null> {
  if (settings.backend === "none") return null;
  const sandbox = bubblewrapSandbox({ ...settings, network: { mode: "none" } }, [], program);
  let result;
  try {
    result = await sandbox.run({ command: probeCommand(settings), files: [], limits: { timeMs: 20_000 } });
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    return message(missing ? `bubblewrap is not installed (${program} not found)` : (error as Error).message, "");
  }
  if (result.exitCode === 0) return null;
  const why = diagnose(result.output);
  return message(`bubblewrap could not make one: ${why}`, result.output, why.includes("limit") ? LIMIT_FIX : FIXES);
}

/** The check's command: the sandbox's view, and the limits applied as set (two of them, read back). */
function probeCommand(settings: SandboxSettings): string {
  const { processes, fileSizeMb } = settings.limits;
  const bytes = fileSizeMb * 1024 * 1024;
  const applied = [`processes +${processes} +${processes} `, `file size +${bytes} +${bytes} `]
    .map((line) => `grep -Eq '^Max ${line}' /proc/self/limits`)
    .join(" && ");
  return `test -d /app && test ! -e /root/. || exit 1; ${applied} || { echo 'the limits did not apply'; exit 1; }`;
}

function message(why: string, output: string, fixes: readonly string[] = FIXES): string {
  const printed = output.trim() ? `\n    bubblewrap said: ${output.trim().split("\n").slice(0, 3).join(" | ")}` : "";
  return `AGENT_ALLOW_COMMANDS=1 runs the agent's commands in a sandbox, and there is none: ${why}.${printed}\n  Fix it${fixes.length > 1 ? " with one of" : ""}:\n${fixes.map((f) => `  - ${f}`).join("\n")}`;
}
