import "server-only";
import { describeLimits, describeNetwork, probeSandbox, sandboxSettings } from "@/lib/embedded/sandbox";
import type { CommandFacts } from "@/components/settings/commands-row";
import { LIMIT_VARIABLES } from "@/lib/server/command-sandbox";
import { markAppRuntimeUnavailable } from "./app-runtime-state";
import type { AppConfig } from "@/lib/server/config";

/**
 * At start, with AGENT_ALLOW_COMMANDS=1: the sandbox of the agent's commands must work here (a command is run to
 * see), else the message says why and how to fix it and the server does not start. `none` starts with a warning.
 * Returns the lines to print, or throws the message that stops the start.
 */
export async function checkCommandSandbox(config: AppConfig): Promise<string[]> {
  const apps = await checkAppSandbox(config);
  return [...apps, ...(await checkAgentSandbox(config))];
}

async function checkAgentSandbox(config: AppConfig): Promise<string[]> {
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

/**
 * Chats' apps run in the bubblewrap sandbox, never without one. APP_RUNTIME=on: the server does not start without a
 * working one; `auto` (the default): without one it serves app chats as files, says so here and in their Preview tab.
 */
export async function checkAppSandbox(
  config: Pick<AppConfig, "serveEmbedded" | "appRuntime">,
  program?: string,
): Promise<string[]> {
  if (!config.serveEmbedded || !config.appRuntime) return [];
  const problem = await probeSandbox(sandboxSettings({ backend: "bubblewrap" }), program);
  if (problem && config.appRuntime.mode === "on")
    throw new Error(`APP_RUNTIME=on runs chats' apps in the sandbox, which does not work here. ${problem}`);
  if (problem) {
    markAppRuntimeUnavailable(APPS_WITHOUT_SANDBOX);
    // The probe's first line says why, its second what bubblewrap printed; its fixes are the commands' (docs/sandbox.md).
    const [why, said] = problem.split("\n");
    return [
      `  Apps: served as files: the sandbox they run in does not work here: ${why.replace(/^.*there is none: /, "")}`,
      ...(said?.includes("bubblewrap said") ? [`  ${said.trim()}`] : []),
      "  (APP_RUNTIME=auto; fixes: docs/sandbox.md; APP_RUNTIME=off serves files without this check)",
    ];
  }
  return [
    `  Apps: chats whose files are a Node app run in a bubblewrap sandbox (APP_RUNTIME=${config.appRuntime.mode})`,
  ];
}

/** What an app chat's Preview tab says on a server whose sandbox does not work (APP_RUNTIME=auto). */
const APPS_WITHOUT_SANDBOX =
  "These files are a Node app (package.json with a dev or start script), but this server cannot run apps: the " +
  "sandbox they run in (bubblewrap) does not work here, so the preview shows the files as they are. Whoever runs " +
  "Atelier finds why in its log at start, and the fix in docs/app-runtime.md.";

/** What Settings shows of the agent's commands: off, or the sandbox's backend, network and limits (never a secret). */
export function commandFacts(agent: NonNullable<AppConfig["agent"]>): CommandFacts {
  if (!agent.allowCommands) return { enabled: false };
  const { backend, network, limits } = sandboxSettings(agent.commandSandbox);
  const v = LIMIT_VARIABLES;
  return {
    enabled: true,
    backend,
    network: backend === "none" ? "this server's own (no sandbox)" : describeNetwork(network),
    limits: [
      { label: "Time", value: `${limits.timeMs / 1000} s`, variable: v.timeMs },
      ...(backend === "none"
        ? []
        : [
            { label: "CPU", value: `${limits.cpuSeconds} s per process`, variable: v.cpuSeconds },
            { label: "Memory", value: `${limits.memoryMb} MB per process`, variable: v.memoryMb },
            { label: "Processes", value: `${limits.processes}`, variable: v.processes },
            { label: "File size", value: `${limits.fileSizeMb} MB`, variable: v.fileSizeMb },
            { label: "Open files", value: `${limits.openFiles} per process`, variable: v.openFiles },
          ]),
      { label: "Output kept", value: `${limits.outputChars.toLocaleString("en")} characters`, variable: v.outputChars },
    ],
  };
}
