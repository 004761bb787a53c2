import "server-only";
import { bubblewrapSandbox } from "./bubblewrap";
import { unsandboxed } from "./none";
import { sandboxSettings, type SandboxSettingsInput } from "./settings";
import type { Sandbox } from "./types";

export { isLoaderVariable } from "./bubblewrap";
export { probeSandbox } from "./probe";
export { describeLimits, describeNetwork, describeReach, sandboxSettings } from "./settings";
export type { SandboxLimits, SandboxNetwork, SandboxSettingsInput } from "./settings";
// The rest of the interface (RunOptions, RunResult, StartOptions, SandboxProcess, …) is in ./types.
export type { Sandbox } from "./types";

/**
 * The sandbox every command the service runs for an agent goes through (docs/sandbox.md): bubblewrap unless the
 * settings say `none`. `ownPorts`: the server's own ports (PORT, PREVIEW_PORT), never reached through its proxy.
 */
export function createSandbox(input: SandboxSettingsInput = {}, opts: { ownPorts?: readonly number[] } = {}): Sandbox {
  const settings = sandboxSettings(input);
  return settings.backend === "none" ? unsandboxed(settings) : bubblewrapSandbox(settings, opts.ownPorts ?? []);
}
