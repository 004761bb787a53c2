import "server-only";

/**
 * Where the model-backed agent's approved commands run (AGENT_COMMAND_*; docs/sandbox.md): only the variables that
 * are set, the sandbox (lib/embedded/sandbox) fills in its defaults. Malformed values stop the start with a message
 * naming the variable.
 */
export interface CommandSandboxConfig {
  /** AGENT_COMMAND_SANDBOX: `bubblewrap` (default) or `none` (no sandbox, knowingly). */
  backend?: "bubblewrap" | "none";
  limits?: Partial<Record<LimitName, number>>;
  /** AGENT_COMMAND_NETWORK (`none` default, `public`), AGENT_COMMAND_HOSTS, AGENT_COMMAND_PRIVATE_HOSTS. */
  network?: { mode: "none" } | { mode: "public"; hosts: string[]; privateHosts: string[] };
}

type LimitName = "timeMs" | "cpuSeconds" | "memoryMb" | "processes" | "fileSizeMb" | "openFiles" | "outputChars";

/** Each limit's variable (whole numbers ≥ 1). */
export const LIMIT_VARIABLES: Record<LimitName, string> = {
  timeMs: "AGENT_COMMAND_TIMEOUT_MS",
  cpuSeconds: "AGENT_COMMAND_CPU_S",
  memoryMb: "AGENT_COMMAND_MEMORY_MB",
  processes: "AGENT_COMMAND_PROCESSES",
  fileSizeMb: "AGENT_COMMAND_FILE_SIZE_MB",
  openFiles: "AGENT_COMMAND_OPEN_FILES",
  outputChars: "AGENT_COMMAND_OUTPUT_CHARS",
};

type Env = Record<string, string | undefined>;

const list = (raw: string | undefined) =>
  (raw ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

export function readCommandSandbox(env: Env): CommandSandboxConfig {
  const config: CommandSandboxConfig = {};
  const backend = env.AGENT_COMMAND_SANDBOX?.trim();
  if (backend) {
    if (backend !== "bubblewrap" && backend !== "none")
      throw new Error(`AGENT_COMMAND_SANDBOX must be "bubblewrap" or "none" (got ${JSON.stringify(backend)})`);
    config.backend = backend;
  }
  const limits: CommandSandboxConfig["limits"] = {};
  for (const [name, variable] of Object.entries(LIMIT_VARIABLES) as [LimitName, string][]) {
    const raw = env[variable]?.trim();
    if (!raw) continue;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1)
      throw new Error(`${variable} must be a whole number ≥ 1 (got ${JSON.stringify(raw)})`);
    limits[name] = n;
  }
  if (Object.keys(limits).length) config.limits = limits;
  const mode = env.AGENT_COMMAND_NETWORK?.trim() || "none";
  if (mode !== "none" && mode !== "public")
    throw new Error(`AGENT_COMMAND_NETWORK must be "none" or "public" (got ${JSON.stringify(mode)})`);
  const hosts = list(env.AGENT_COMMAND_HOSTS);
  const privateHosts = list(env.AGENT_COMMAND_PRIVATE_HOSTS);
  for (const host of hosts)
    if (!/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host))
      throw new Error(
        `AGENT_COMMAND_HOSTS must be host names, comma-separated, "*.example.com" for a domain (got ${JSON.stringify(host)})`,
      );
  for (const host of privateHosts)
    if (!/^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:]+\]):\d{1,5}$/.test(host))
      throw new Error(
        `AGENT_COMMAND_PRIVATE_HOSTS must be host:port entries, comma-separated (got ${JSON.stringify(host)})`,
      );
  if (mode === "public") config.network = { mode, hosts, privateHosts };
  else if (env.AGENT_COMMAND_NETWORK?.trim()) config.network = { mode };
  if (mode !== "public" && (hosts.length || privateHosts.length))
    throw new Error("AGENT_COMMAND_HOSTS and AGENT_COMMAND_PRIVATE_HOSTS need AGENT_COMMAND_NETWORK=public");
  return config;
}
