import "server-only";
import { spawn } from "node:child_process";
import { lstatSync, openSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import net from "node:net";
import { getPriority, setPriority } from "node:os";
import type { Readable, Writable } from "node:stream";
import path from "node:path";
import { RelayControl, writeRequest } from "./control";
import { diskUse } from "./disk";
import { startProxy, type SandboxProxy } from "../outbound/sandbox-proxy";
import { RELAY_SOURCE, type RelaySpec } from "./relay";
import type { SandboxLimits, SandboxNetwork, SandboxSettings } from "./settings";
import { supervise } from "./supervise";
import type { Collected, RunOptions, RunResult, Sandbox, SandboxCache, SandboxProcess, StartOptions } from "./types";
import {
  prepareCache,
  prepareVolume,
  prepareWorkspace,
  SANDBOX_USER,
  volumeDir,
  type HostIds,
  type Workspace,
} from "./workspace";

/** bubblewrap's program (Debian's `bubblewrap` package). */
export const BWRAP = "/usr/bin/bwrap";
/** The host user a sandbox runs as when the server is root: never root, whose files it could read if it saw them. */
const UNPRIVILEGED: HostIds = { uid: 65534, gid: 65534 };
/** Where the sandbox's own programs (Node, for the relay) and sockets are, inside. */
const RUN_DIR = "/run/atelier";
/** The port in the sandbox where HTTP_PROXY points (network `public`). */
const PROXY_PORT = 3128;
/** How often a copy's disk is measured against its limit, unless the caller says. */
const DISK_CHECK_MS = 10_000;
/** The in-memory /tmp and /dev/shm, each. */
const TMPFS_BYTES = 64 * 1024 * 1024;

/** The few files of the host's /etc that programs need, read-only: certificates, alternatives, the linker's cache. */
const ETC = [
  "alternatives",
  "ssl",
  "ca-certificates",
  "pki",
  "ld.so.cache",
  "ld.so.conf",
  "ld.so.conf.d",
  "localtime",
  "timezone",
  "nsswitch.conf",
  "host.conf",
  "os-release",
  "mime.types",
  "protocols",
  "services",
];

/** The top-level folders of a system outside /usr: symbolic links into it (merged /usr), or folders bound read-only. */
function systemRoots(): string[] {
  const args: string[] = [];
  for (const name of ["bin", "sbin", "lib", "lib32", "lib64", "libx32"]) {
    const at = `/${name}`;
    try {
      const stat = lstatSync(at);
      if (stat.isSymbolicLink()) args.push("--symlink", readlinkSync(at), at);
      else if (stat.isDirectory()) args.push("--ro-bind", at, at);
    } catch {
      // not on this system
    }
  }
  return args;
}

/** The host ids the sandbox runs as: its own when the server is not root; an unprivileged one when it is. */
export function hostIds(): HostIds | null {
  return process.getuid?.() === 0 ? UNPRIVILEGED : null;
}

/**
 * The first program inside (after the relay when there is one): the system's `sh` sets the limits with its own
 * `ulimit` (no program of its own to start: POSIX `-f` in 512-byte blocks, `-d` in KiB, `-p` processes as dash and
 * ash name it; the check at start, probe.ts, makes sure they applied) and runs the rest of its arguments. `sh` reads
 * nothing of its environment that runs code (`ENV` only when interactive; no `BASH_ENV`, no exported functions).
 */
const LIMIT =
  'ulimit -S -t "$1" && ulimit -H -t "$2" && ulimit -d "$3" && ulimit -p "$4" && ulimit -f "$5" && ulimit -n "$6" && ulimit -c 0 || exit 126; shift 6; exec "$@"';
const limiting = (limits: SandboxLimits) => [
  "/bin/sh",
  "-c",
  LIMIT,
  "sandbox-limits",
  ...[
    limits.cpuSeconds,
    limits.cpuSeconds + 1,
    limits.memoryMb * 1024,
    limits.processes,
    limits.fileSizeMb * 2048,
    limits.openFiles,
  ].map(String),
];

/** How much lower than the server's the priority of a sandbox's processes is (`nice`). */
const NICENESS = 10;

interface Layout {
  workspace: Pick<Workspace, "app" | "home" | "etc"> & { out?: string };
  /** A persistent folder at /cache (a package cache), read-only unless writable. */
  cache?: SandboxCache;
  limits: SandboxLimits;
  command: string;
  relay: RelaySpec | null;
  /** This Node binary, bound into the sandbox (the relay runs on it; commands find it on PATH too). */
  nodePath: string;
  /** bubblewrap has --disable-userns (0.8 and later): the sandbox cannot make user namespaces of its own. */
  disableUserns: boolean;
  /** Where bubblewrap writes the host pid of the sandbox's init (`--info-fd`), to know when the sandbox is gone. */
  infoFd?: number;
  /**
   * Without a relay: the pipe bubblewrap waits on (`--block-fd`) before its init starts the command, meanwhile the
   * server lowers the init's priority (NICENESS), which the command inherits. Else (or without it) `nice` does.
   */
  blockFd?: number;
}

/**
 * bubblewrap's arguments for one sandbox: new user, PID, IPC, UTS, network and cgroup namespaces; the user 1000
 * inside with no capabilities; a read-only root with the system's /usr, the few /etc files and a generated passwd,
 * group and hosts; its own /proc, /dev, 64 MB /tmp and /dev/shm; the copy writable at /app and a HOME; nothing else
 * of the host. Its processes end when it does (PID namespace) or when the server does (--die-with-parent). Inside,
 * the command runs with the limits (`sh`'s `ulimit`) at a lower priority (the server first), after the relay when it
 * needs one. The server's own descriptors never reach it: `launch` replaces them, the relay its own.
 */
export function bubblewrapArgs(l: Layout): string[] {
  const { limits } = l;
  const u = SANDBOX_USER;
  const args = [
    "--unshare-user",
    "--unshare-pid",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-net",
    "--unshare-cgroup-try",
    "--uid",
    String(u.uid),
    "--gid",
    String(u.gid),
    "--hostname",
    "sandbox",
    "--die-with-parent",
    "--new-session",
    ...(l.disableUserns ? ["--disable-userns"] : []),
    ...(l.infoFd !== undefined ? ["--info-fd", String(l.infoFd)] : []),
    ...(l.blockFd !== undefined && !l.relay ? ["--block-fd", String(l.blockFd)] : []),
    "--ro-bind",
    "/usr",
    "/usr",
    ...systemRoots(),
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--perms",
    "1777",
    "--size",
    String(TMPFS_BYTES),
    "--tmpfs",
    "/tmp",
    "--perms",
    "1777",
    "--size",
    String(TMPFS_BYTES),
    "--tmpfs",
    "/dev/shm",
    ...ETC.flatMap((name) => ["--ro-bind-try", `/etc/${name}`, `/etc/${name}`]),
    ...["passwd", "group", "hosts"].flatMap((name) => ["--ro-bind", path.join(l.workspace.etc, name), `/etc/${name}`]),
    "--bind",
    l.workspace.app,
    "/app",
    "--bind",
    l.workspace.home,
    u.home,
    "--ro-bind",
    l.nodePath,
    `${RUN_DIR}/bin/node`,
    ...(l.workspace.out ? ["--ro-bind", l.workspace.out, `${RUN_DIR}/out`] : []),
    ...(l.cache ? [l.cache.writable ? "--bind" : "--ro-bind", l.cache.dir, "/cache"] : []),
    "--remount-ro",
    "/",
    "--chdir",
    "/app",
    "--",
  ];
  const niced = l.blockFd !== undefined && !l.relay ? [] : ["/usr/bin/nice", "-n", String(NICENESS)];
  const limited = [...limiting(limits), ...niced, "/bin/sh", "-c", l.command];
  return l.relay
    ? [...args, `${RUN_DIR}/bin/node`, "-e", RELAY_SOURCE, JSON.stringify(l.relay), ...limited]
    : [...args, ...limited];
}

/**
 * The variables glibc's loader and C library read at start (what it ignores for a setuid program). bubblewrap runs
 * on the host with the environment it passes on, and Debian's is not setuid: a project's `LD_PRELOAD` would load a
 * library into bubblewrap itself, outside the sandbox. They never reach it.
 */
const LOADER_VARIABLE =
  /^(LD_.*|GCONV_PATH|GETCONF_DIR|HOSTALIASES|LOCALDOMAIN|LOCPATH|MALLOC_.*|NIS_PATH|NLSPATH|RESOLV_HOST_CONF|RES_OPTIONS|TMPDIR|TZDIR)$/;

/** Whether a variable is one of the loader's (LOADER_VARIABLE): never passed into the sandbox. */
export const isLoaderVariable = (name: string) => LOADER_VARIABLE.test(name);

/** The command's environment: the project's variables (but the loader's), then the sandbox's own (which win). */
function sandboxEnv(project: Readonly<Record<string, string>> | undefined, network: SandboxNetwork, port?: number) {
  const proxy = `http://127.0.0.1:${PROXY_PORT}`;
  return {
    ...Object.fromEntries(Object.entries(project ?? {}).filter(([name]) => !isLoaderVariable(name))),
    PATH: `/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:${RUN_DIR}/bin`,
    HOME: SANDBOX_USER.home,
    USER: SANDBOX_USER.name,
    LOGNAME: SANDBOX_USER.name,
    SHELL: "/bin/sh",
    TMPDIR: "/tmp",
    LANG: "C.UTF-8",
    CI: "1",
    ...(network.mode === "public"
      ? {
          HTTP_PROXY: proxy,
          HTTPS_PROXY: proxy,
          http_proxy: proxy,
          https_proxy: proxy,
          NO_PROXY: "localhost,127.0.0.1,::1",
          no_proxy: "localhost,127.0.0.1,::1",
          // Node 24 and later read the variables above for fetch and http; older Nodes ignore this.
          NODE_USE_ENV_PROXY: "1",
        }
      : {}),
    ...(port ? { PORT: String(port), HOST: "127.0.0.1", HOSTNAME: "127.0.0.1" } : {}),
  };
}

/** What --help says a bubblewrap can do, read once per program. */
const disableUsernsKnown = new Map<string, Promise<boolean>>();
function supportsDisableUserns(program: string): Promise<boolean> {
  let known = disableUsernsKnown.get(program);
  if (!known) {
    known = new Promise<boolean>((resolve) => {
      const child = spawn(program, ["--help"], { stdio: ["ignore", "pipe", "pipe"] });
      let text = "";
      child.stdout.on("data", (c: Buffer) => (text += c.toString()));
      child.on("error", () => resolve(false));
      child.on("close", () => resolve(text.includes("--disable-userns")));
    });
    disableUsernsKnown.set(program, known);
  }
  return known;
}

interface Started {
  result: Promise<RunResult>;
  socketPath: string | null;
  stop: () => void;
  /** The relay's control channel (a volume, `collect`, a started process); null without one. */
  control: RelayControl | null;
}

/** How long the relay's last messages (what `collect` read) may take to arrive once the sandbox has exited. */
const CONTROL_DRAIN_MS = 5_000;

/**
 * The bubblewrap backend (docs/sandbox.md). `ownPorts`: the server's own ports, which the proxy never reaches;
 * `program`: bubblewrap's path (another one only in the probe's tests).
 */
export function bubblewrapSandbox(
  settings: SandboxSettings,
  ownPorts: readonly number[],
  program: string = BWRAP,
): Sandbox {
  const launch = async (opts: StartOptions & RunOptions, keepRunning: boolean): Promise<Started> => {
    const limits = { ...settings.limits, ...opts.limits };
    const stopper = new AbortController();
    const signal = opts.signal ? AbortSignal.any([opts.signal, stopper.signal]) : stopper.signal;
    const network = opts.network ?? settings.network;
    const owner = hostIds();
    // With a volume the copy is the volume's (its files written into it by the relay, inside); else a fresh one.
    const volume = opts.volume ? volumeDir(opts.volume) : null;
    const workspace = await prepareWorkspace(volume ? [] : opts.files, owner);
    if (opts.cache) await prepareCache(opts.cache.dir, opts.cache.writable, owner);
    // The relay's control channel: writing into a volume, reading back what `collect` asks, a process kept running.
    const controlled = Boolean(volume || opts.collect || keepRunning);
    let proxy: SandboxProxy | null = null;
    let inbound: net.Server | null = null;
    const closeInbound = () =>
      new Promise<void>((resolve) => {
        const server = inbound;
        inbound = null;
        if (server) server.close(() => resolve());
        else resolve();
      });
    const cleanUp = async () => {
      await proxy?.close();
      await closeInbound();
      await workspace.remove();
    };
    try {
      const relay: RelaySpec = {};
      let out: string | undefined;
      if (network.mode === "public") {
        out = path.join(workspace.root, "out");
        await mkdir(out, { mode: 0o755 });
        const socketPath = path.join(out, "proxy.sock");
        proxy = await startProxy(socketPath, { ...network, ownPorts });
        relay.proxy = { port: PROXY_PORT, socketPath: `${RUN_DIR}/out/proxy.sock` };
      }
      // stdin: the relay's requests (controlled); fd 3: bubblewrap's information (the init's pid); fd 4: the port's
      // listening socket, with a port; fd 5: the relay's answers (controlled).
      const stdio: Array<"ignore" | "pipe" | number> = [controlled ? "pipe" : "ignore", "pipe", "pipe", "pipe"];
      let socketPath: string | null = null;
      let binding: string | null = null;
      if (opts.port) {
        // The port's listening socket: made here, outside the sandbox, and handed in as fd 4 (relay.ts). It is bound
        // under a name no one connects to until the relay holds it and this process has let go of it (else this
        // process would accept connections too).
        const host = path.join(workspace.root, "host");
        await mkdir(host, { mode: 0o700 });
        socketPath = path.join(host, "app.sock");
        binding = path.join(host, "binding.sock");
        const server = net.createServer();
        inbound = server;
        await new Promise<void>((resolve, reject) => {
          server.once("error", reject);
          server.listen(binding!, () => resolve());
        });
        stdio.push(listeningFd(server));
        relay.inbound = { fd: 4, port: opts.port };
      }
      if (controlled) {
        if (stdio.length === 4) stdio.push("ignore");
        stdio.push("pipe");
        relay.control = { out: 5, first: true };
      }
      if (opts.collect) relay.collect = { ...opts.collect, dirs: [...opts.collect.dirs] };
      const hasRelay = Boolean(relay.proxy || relay.inbound || relay.control);
      // Without a relay, fd 4: the pipe bubblewrap waits on before its init starts the command (its priority lowered).
      const blockFd = hasRelay ? undefined : stdio.push("pipe") - 1;
      withoutLeaks(stdio);
      const args = bubblewrapArgs({
        workspace: { ...workspace, app: volume ?? workspace.app, out },
        cache: opts.cache,
        limits,
        command: opts.command,
        relay: hasRelay ? relay : null,
        nodePath: process.execPath,
        disableUserns: await supportsDisableUserns(program),
        infoFd: 3,
        blockFd,
      });
      const child = spawn(program, args, {
        // bubblewrap passes its environment on: the command's, and nothing of the server's.
        env: sandboxEnv(opts.env, network, opts.port) as unknown as NodeJS.ProcessEnv,
        stdio,
        ...(owner ?? {}),
      });
      const control = controlled ? new RelayControl(child.stdin!, (child.stdio as unknown as Readable[])[5]!) : null;
      // The files of the copy (into a volume) and paths to remove, applied by the relay before the command starts.
      void control?.request((id) => writeRequest(id, volume ? opts.files : [], volume ? (opts.remove ?? []) : []));
      if (socketPath && binding) {
        // The sandbox has its copy of the socket now: publish it under its name and close ours.
        await rename(binding, socketPath);
        await closeInbound();
      }
      // The listening socket now lives in the sandbox too; ours stays open for connecting to its path.
      let killed = false;
      const kill = () => {
        killed = true;
        try {
          child.kill("SIGKILL"); // bubblewrap's PID 1 dies with it (--die-with-parent), and with it every process
        } catch {
          // already gone
        }
      };
      const init = initPid(child.stdio[3] as NodeJS.ReadableStream);
      if (blockFd !== undefined) {
        // The init waits until its priority is lowered (the command inherits it). Sandboxes stopped meanwhile, or
        // whose priority could not be lowered, end with their init, before it is let go (it is not yet bound to
        // bubblewrap's life then: its --die-with-parent applies once it runs).
        const go = child.stdio[blockFd] as Writable;
        go.on("error", () => undefined);
        void init.then((pid) => {
          if (pid && (killed || !lowerPriority(pid))) killInit(pid);
          go.end("\n");
        });
      }
      const supervised = supervise(child, {
        limits: keepRunning ? { ...limits, timeMs: opts.limits?.timeMs ?? 0 } : limits,
        signal,
        onOutput: opts.onOutput,
        onData: opts.onData,
        kill,
        signalsAsStatus: true,
        // The disk limit: the copy (a volume's or a fresh one) and HOME, the sandbox's writable folders on the disk.
        disk: {
          measure: () => diskUse([volume ?? workspace.app, workspace.home]),
          everyMs: opts.diskCheckMs ?? DISK_CHECK_MS,
        },
        // bubblewrap returns when the command exits; its init is killed then and ends every other process of the
        // sandbox: the result waits for that.
        afterExit: async () => {
          const pid = await init;
          if (pid) await namespaceGone(pid);
        },
      });
      const result = (opts.collect ? supervised.then((r) => withCollected(r, control!)) : supervised).finally(cleanUp);
      return { result, socketPath, stop: () => stopper.abort(), control };
    } catch (error) {
      await cleanUp();
      throw error;
    }
  };

  return {
    settings,
    async run(opts: RunOptions) {
      return (await launch(opts, false)).result;
    },
    async start(opts: StartOptions): Promise<SandboxProcess> {
      const { result, socketPath, stop, control } = await launch(opts, true);
      const relay = control!;
      return {
        socketPath,
        exited: result,
        stop: () => {
          stop();
          return result;
        },
        listening: relay.listening,
        async writeFiles(files, remove = []) {
          const answer = await relay.request((id) => writeRequest(id, files, remove));
          if (answer?.op !== "write") return ["the sandbox has ended: nothing was written"];
          return answer.errors;
        },
        async size() {
          const answer = await relay.request((id) => ({ op: "size", id }));
          if (answer?.op !== "size") throw new Error("the sandbox has ended");
          return answer.bytes;
        },
      };
    },
    createVolume: (files) => prepareVolume(files, hostIds()),
  };
}

/** The result with what `collect` read back (waiting a moment for the relay's last message once it has exited). */
async function withCollected(result: RunResult, control: RelayControl): Promise<RunResult> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([control.ended, new Promise((resolve) => (timer = setTimeout(resolve, CONTROL_DRAIN_MS)))]);
  clearTimeout(timer);
  const collected: Collected = control.collected ?? {
    dir: null,
    files: [],
    error: "the sandbox ended before its files were read back",
  };
  return { ...result, collected };
}

/** Lowers the priority of a sandbox's init by NICENESS below the server's; false when it could not. */
function lowerPriority(pid: number): boolean {
  try {
    setPriority(pid, Math.min(19, getPriority() + NICENESS));
    return true;
  } catch {
    return false;
  }
}

function killInit(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** /dev/null, opened once (close-on-exec): what a descriptor the server would pass on becomes in bubblewrap. */
let devNull: number | null = null;

/**
 * Replaces in `stdio` (the descriptors a started program gets) every descriptor of this process that it would pass
 * on unasked, those open without close-on-exec (what it inherited from whatever started it; Node opens its own
 * close-on-exec), by /dev/null: bubblewrap passes every open descriptor on into the sandbox.
 */
function withoutLeaks(stdio: Array<"ignore" | "pipe" | number>): void {
  for (const fd of leakingFds()) {
    while (stdio.length <= fd) stdio.push("ignore");
    if (stdio[fd] === "ignore") stdio[fd] = devNull ??= openSync("/dev/null", "r");
  }
}

/** The descriptors above stderr open without close-on-exec (/proc/self/fdinfo; unreadable ones counted in). */
function leakingFds(): number[] {
  const fds: number[] = [];
  for (const name of readdirSync("/proc/self/fd")) {
    const fd = Number(name);
    if (!Number.isInteger(fd) || fd <= 2 || fd === devNull) continue;
    let info: string;
    try {
      info = readFileSync(`/proc/self/fdinfo/${fd}`, "utf8");
    } catch {
      continue; // closed meanwhile (readdir's own)
    }
    const flags = /^flags:\s*([0-7]+)/m.exec(info)?.[1];
    if (flags === undefined || (parseInt(flags, 8) & O_CLOEXEC) === 0) fds.push(fd);
  }
  return fds;
}

/** Linux's O_CLOEXEC in /proc/<pid>/fdinfo's flags (octal). */
const O_CLOEXEC = 0o2000000;

/** The host pid of the sandbox's init, from bubblewrap's `--info-fd` JSON; null when it never came (setup failed). */
function initPid(info: NodeJS.ReadableStream): Promise<number | null> {
  return new Promise((resolve) => {
    let text = "";
    info.on("data", (chunk: Buffer) => {
      if (text.length < 4096) text += chunk.toString();
    });
    info.on("error", () => resolve(null));
    info.on("close", () => {
      const pid = Number(/"child-pid"\s*:\s*(\d+)/.exec(text)?.[1]);
      resolve(Number.isSafeInteger(pid) && pid > 0 ? pid : null);
    });
  });
}

/**
 * Resolves once the sandbox's init is gone or a zombie: the kernel ends every process of a PID namespace before its
 * init becomes a zombie. Polled (Node has no pidfd); at most `limitMs`.
 */
async function namespaceGone(pid: number, limitMs = 5000): Promise<void> {
  const started = Date.now();
  // Usually a few milliseconds: looked at every millisecond (a read of /proc, without the thread pool's round trip),
  // then, past 50 ms (a large process's memory being freed), every 5 ms.
  while (Date.now() - started < limitMs) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      return; // gone
    }
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    if (state === "Z" || state === "X") return;
    await new Promise((resolve) => setTimeout(resolve, Date.now() - started < 50 ? 1 : 5));
  }
}

/** The file descriptor of a listening unix socket (Node's handle keeps it as `fd` on Unix). */
function listeningFd(server: net.Server): number {
  const fd = (server as unknown as { _handle?: { fd?: number } })._handle?.fd;
  if (typeof fd !== "number" || fd < 0) throw new Error("the app's listening socket has no file descriptor");
  return fd;
}
