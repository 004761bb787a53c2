import "server-only";
import { describeLimits, describeNetwork, probeSandbox, sandboxSettings } from "@/lib/embedded/sandbox";
import type { AppConfig } from "@/lib/server/config";

/**
 * At start, with AGENT_ALLOW_COMMANDS=1: the sandbox of the agent's commands must work here (a command is run to
 * see), else the message says why and how to fix it and the server does not start. `none` starts with a warning.
 * Returns the lines to print, or throws the message that stops the start.
 */
export async function checkCommandSandbox(config: AppConfig): Promise<string[]> {
  const agent = config.agent;
  if (!config.serveEmbedded || !agent?.allowCommands) return [];
  const settings = sandboxSettings(agent.commandSandbox);
  if (settings.backend === "none")
    return [
      "  WARNING: AGENT_COMMAND_SANDBOX=none: the agent's approved commands run WITHOUT a sandbox, as this server's",
      "  user, with its files (DATA_DIR and its secrets), its processes and its network. docs/sandbox.md",
    ];
  const problem = await probeSandbox(settings);
  if (problem) throw new Error(problem);
  return [
    `  Commands: in a bubblewrap sandbox, ${describeNetwork(settings.network)}; limits: ${describeLimits(settings.limits)}`,
  ];
}
