import "server-only";
import { bubblewrapSandbox } from "./bubblewrap";
import { unsandboxed } from "./none";
import { sandboxSettings, type SandboxSettingsInput } from "./settings";
import type { Sandbox } from "./types";

export { probeSandbox } from "./probe";
export { describeLimits, describeNetwork, describeReach, sandboxSettings } from "./settings";
export type { SandboxBackend, SandboxLimits, SandboxNetwork, SandboxSettings, SandboxSettingsInput } from "./settings";
export type { RunOptions, RunResult, Sandbox, SandboxFile, SandboxProcess, StartOptions } from "./types";

/**
 * The sandbox every command the service runs for an agent goes through (docs/sandbox.md): bubblewrap unless the
 * settings say `none`. `ownPorts`: the server's own ports (PORT, PREVIEW_PORT), never reached through its proxy.
 */
export function createSandbox(input: SandboxSettingsInput = {}, opts: { ownPorts?: readonly number[] } = {}): Sandbox {
  const settings = sandboxSettings(input);
  return settings.backend === "none" ? unsandboxed(settings) : bubblewrapSandbox(settings, opts.ownPorts ?? []);
}
