import "server-only";

/**
 * What a sandbox is configured with (docs/sandbox.md): its backend, its limits and its network. The dashboard's config
 * reads the AGENT_COMMAND_* variables (lib/server/config.ts) and passes only those that are set; the defaults live
 * here, once.
 */

/** `bubblewrap`: namespaces, an unprivileged user, only the copy writable. `none`: no sandbox at all (opt-in). */
export type SandboxBackend = "bubblewrap" | "none";

export interface SandboxLimits {
  /** Wall time of a command, ms (AGENT_COMMAND_TIMEOUT_MS). Every process of the sandbox ends with it. */
  timeMs: number;
  /** CPU seconds of each process (AGENT_COMMAND_CPU_S, RLIMIT_CPU). */
  cpuSeconds: number;
  /** Memory of each process, MiB (AGENT_COMMAND_MEMORY_MB, RLIMIT_DATA: heap and private mappings). */
  memoryMb: number;
  /** Processes and threads of the sandbox together (AGENT_COMMAND_PROCESSES, RLIMIT_NPROC in its user namespace). */
  processes: number;
  /** Size of any one file written, MiB (AGENT_COMMAND_FILE_SIZE_MB, RLIMIT_FSIZE). */
  fileSizeMb: number;
  /** Open files of each process (AGENT_COMMAND_OPEN_FILES, RLIMIT_NOFILE). */
  openFiles: number;
  /** Characters of output kept, the end (AGENT_COMMAND_OUTPUT_CHARS); earlier output is dropped with a note. */
  outputChars: number;
  /**
   * Disk of the copy and HOME together, MiB, measured every `diskCheckMs` and when the command has exited (disk.ts);
   * 0: not measured (an agent's command, whose copy is temporary). Apps: APP_DISK_MB.
   */
  diskMb: number;
}

/**
 * `none`: no network at all (the default). `public`: public addresses only, through the server's filtering proxy
 * (outbound/sandbox-proxy.ts): `hosts` (AGENT_COMMAND_HOSTS) narrows them to a list of names (`*.example.com` for a
 * domain's hosts);
 * `privateHosts` (AGENT_COMMAND_PRIVATE_HOSTS) lets named `host:port`s on a private network through (a LAN
 * registry, the tests' peers). Loopback and private addresses are refused otherwise, and the server's own ports
 * always.
 */
export type SandboxNetwork =
  { mode: "none" } | { mode: "public"; hosts: readonly string[]; privateHosts: readonly string[] };

export interface SandboxSettings {
  backend: SandboxBackend;
  limits: SandboxLimits;
  network: SandboxNetwork;
}

/** What the configuration says; anything left out takes its default. */
export interface SandboxSettingsInput {
  backend?: SandboxBackend;
  limits?: Partial<SandboxLimits>;
  network?: SandboxNetwork;
}

const DEFAULT_LIMITS: Readonly<SandboxLimits> = {
  timeMs: 60_000,
  cpuSeconds: 60,
  memoryMb: 2048,
  processes: 256,
  fileSizeMb: 256,
  openFiles: 1024,
  outputChars: 200_000,
  diskMb: 0,
};

/** The settings with every default filled in. */
export function sandboxSettings(input: SandboxSettingsInput = {}): SandboxSettings {
  return {
    backend: input.backend ?? "bubblewrap",
    limits: { ...DEFAULT_LIMITS, ...input.limits },
    network: input.network ?? { mode: "none" },
  };
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** The limits in one line: "60 s, 60 s of CPU and 2048 MB of memory per process, 256 processes, …". */
export function describeLimits(limits: SandboxLimits): string {
  return [
    `${seconds(limits.timeMs)} in all`,
    `${limits.cpuSeconds} s of CPU and ${limits.memoryMb} MB of memory per process`,
    `${limits.processes} processes`,
    `files up to ${limits.fileSizeMb} MB`,
    `${limits.openFiles} open files`,
  ].join(", ");
}

/** What the network lets a command reach, in a sentence fragment. */
export function describeNetwork(network: SandboxNetwork): string {
  if (network.mode === "none") return "no network";
  const hosts = network.hosts.length ? `only ${network.hosts.join(", ")}` : "public addresses only";
  return `${hosts}, through the server's proxy (never this machine or its private network)`;
}

/**
 * What an approved command can reach, truthfully, for the permission's `userMessage`, the model and Settings:
 * with bubblewrap its copy of the files, the system's programs read-only, the network policy and the limits; with
 * `none` everything the server's user can.
 */
export function describeReach(settings: SandboxSettings): string {
  if (settings.backend === "none")
    return `It runs WITHOUT a sandbox (AGENT_COMMAND_SANDBOX=none): as the server's own user, in a temporary copy of the project's files, with the server's network and every file and process the server can reach, for at most ${seconds(settings.limits.timeMs)}.`;
  return `It runs in a sandbox on a temporary copy of the project's files (at /app; changes are discarded), with the project's environment variables and the system's programs read-only; nothing else of this server (its files, secrets, processes). Network: ${describeNetwork(settings.network)}. Limits: ${describeLimits(settings.limits)}.`;
}
