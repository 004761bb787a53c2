import "server-only";
import type { ChildProcess } from "node:child_process";
import { constants } from "node:os";
import type { SandboxLimits } from "./settings";
import type { DiskUse } from "./disk";
import type { EndReason, RunResult } from "./types";

/** How long the output may still arrive once the sandbox has exited (its last bytes in the pipe). */
const DRAIN_MS = 200;

const SIGNALS = Object.fromEntries(Object.entries(constants.signals).map(([name, n]) => [n, name])) as Record<
  number,
  string
>;

interface Supervised {
  limits: SandboxLimits;
  signal?: AbortSignal;
  onOutput?: (output: string) => void;
  onData?: (text: string) => void;
  /** Ends every process of the sandbox (the time limit, Stop). */
  kill: () => void;
  /** Waited for after the sandbox's process exited, before the result (the sandbox's last processes ending). */
  afterExit?: () => Promise<void>;
  /**
   * The exit status is the command's, a signal reported as 128 + its number (the shell's convention, and
   * bubblewrap's): read that way, a command that itself exits 128 + n is taken for one ended by signal n.
   */
  signalsAsStatus: boolean;
  /** The disk limit (limits.diskMb > 0): how its copy's use is measured (disk.ts) and how often. */
  disk?: { measure: () => Promise<DiskUse>; everyMs: number };
}

/**
 * Follows a sandbox's process to its end: collects stdout and stderr together (their end, `outputChars`), ends it at
 * the time limit or on Stop, and resolves once the sandbox has exited; a process left holding the output pipe
 * (a background job that outlived it) never delays the answer: reading stops shortly after the exit. Rejects when the
 * sandbox's program could not be started at all (not installed).
 */
export function supervise(child: ChildProcess, opts: Supervised): Promise<RunResult> {
  const { limits } = opts;
  return new Promise<RunResult>((resolve, reject) => {
    let output = "";
    let dropped = 0;
    let timedOut = false;
    let stopped = false;
    let settled = false;
    /** Why the copy is over its disk limit, once it is (the sandbox is then ended). */
    let overDisk: string | null = null;
    const maxBytes = limits.diskMb * 1024 * 1024;
    const overBy = (use: DiskUse) =>
      "unreadable" in use
        ? `its copy could not be measured (${use.unreadable})`
        : use.bytes > maxBytes
          ? `its copy and HOME use ${Math.ceil(use.bytes / 1024 / 1024)} MB`
          : null;
    let measuring = false;
    const diskTimer =
      opts.disk && limits.diskMb > 0
        ? setInterval(() => {
            if (measuring || overDisk) return;
            measuring = true;
            void opts
              .disk!.measure()
              .then((use) => {
                if (settled || overDisk) return;
                overDisk = overBy(use);
                if (overDisk) opts.kill();
              })
              .finally(() => (measuring = false));
          }, opts.disk.everyMs)
        : null;
    const take = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      opts.onData?.(text);
      output += text;
      if (output.length > limits.outputChars) {
        dropped += output.length - limits.outputChars;
        output = output.slice(-limits.outputChars);
      }
      opts.onOutput?.(shown());
    };
    const shown = () => (dropped ? `[… ${dropped} earlier characters of output not kept]\n${output}` : output);
    const timer =
      limits.timeMs > 0
        ? setTimeout(() => {
            timedOut = true;
            opts.kill();
          }, limits.timeMs)
        : null;
    const stop = () => {
      stopped = true;
      opts.kill();
    };
    if (opts.signal?.aborted) stop();
    else opts.signal?.addEventListener("abort", stop, { once: true });
    child.stdout?.on("data", take);
    child.stderr?.on("data", take);

    const finish = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      if (diskTimer) clearInterval(diskTimer);
      opts.signal?.removeEventListener("abort", stop);
      child.stdout?.destroy();
      child.stderr?.destroy();
      if (error) return reject(error);
      const ended = overDisk
        ? { reason: "disk" as const, message: `[ended at the disk limit of ${limits.diskMb} MB: ${overDisk}]` }
        : endedBy({ code, signal, timedOut, stopped, limits, signalsAsStatus: opts.signalsAsStatus });
      const text = shown();
      const hint = ended ? null : limitHint(output, code !== 0, limits);
      const line = ended?.message ?? hint;
      resolve({
        output: line ? `${text}${text && !text.endsWith("\n") ? "\n" : ""}${line}\n` : text,
        exitCode: ended ? null : code,
        ended,
      });
    };
    child.on("error", (error) => finish(null, null, error));
    child.on("exit", (code, signal) => {
      // It has exited: neither the time limit nor Stop can end it any more while its last processes end.
      if (timer) clearTimeout(timer);
      if (diskTimer) clearInterval(diskTimer);
      opts.signal?.removeEventListener("abort", stop);
      // Once more when it has exited (an install or a build that filled its copy between two measures fails).
      const lastMeasure = async () => {
        if (!opts.disk || limits.diskMb <= 0 || overDisk || stopped || timedOut) return;
        overDisk = overBy(await opts.disk.measure());
      };
      void (opts.afterExit?.() ?? Promise.resolve()).then(lastMeasure).then(() => {
        // Whatever is still in the pipes arrives now; a process holding them open does not keep us waiting.
        let drained = 0;
        const done = () => (++drained === 2 ? finish(code, signal) : undefined);
        const waitFor = (stream: NodeJS.ReadableStream | null) =>
          stream && !(stream as { readableEnded?: boolean }).readableEnded ? stream.once("end", done) : done();
        waitFor(child.stdout);
        waitFor(child.stderr);
        setTimeout(() => finish(code, signal), DRAIN_MS).unref();
      });
    });
  });
}

/**
 * A limit the command met without being ended by it, named when the end of its output says so: one of its processes
 * was (the shell reports it and goes on), or an allocation, a fork or an open was refused (the program reports it and,
 * failing, exits; the sandbox sees no signal).
 */
function limitHint(output: string, failed: boolean, limits: SandboxLimits): string | null {
  const end = output.slice(-2000);
  if (/CPU time limit exceeded/.test(end))
    return `[a process met the CPU time limit: ${limits.cpuSeconds} s per process]`;
  if (/File size limit exceeded/.test(end))
    return `[a process met the file size limit: ${limits.fileSizeMb} MB per file]`;
  if (!failed) return null;
  if (/out of memory|Cannot allocate memory|MemoryError|allocation failed|bad_alloc|ENOMEM/i.test(end))
    return `[the memory limit was reached: ${limits.memoryMb} MB per process]`;
  if (/Cannot fork|fork: retry|fork failed|Resource temporarily unavailable|EAGAIN/i.test(end))
    return `[the process limit was reached: ${limits.processes} processes and threads]`;
  if (/Too many open files|EMFILE/.test(end))
    return `[the open files limit was reached: ${limits.openFiles} per process]`;
  return null;
}

function endedBy(o: {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stopped: boolean;
  limits: SandboxLimits;
  signalsAsStatus: boolean;
}): { reason: EndReason; message: string } | null {
  const { limits } = o;
  if (o.timedOut)
    return { reason: "time", message: `[ended at the time limit: ${Math.round(limits.timeMs / 100) / 10} s]` };
  if (o.stopped) return { reason: "stopped", message: "[stopped]" };
  const number = o.signal
    ? constants.signals[o.signal]
    : o.signalsAsStatus && o.code !== null && o.code > 128 && o.code <= 128 + 31
      ? o.code - 128
      : null;
  if (number === null) return null;
  if (number === constants.signals.SIGXCPU)
    return { reason: "cpu", message: `[ended at the CPU time limit: ${limits.cpuSeconds} s per process]` };
  if (number === constants.signals.SIGXFSZ)
    return { reason: "file-size", message: `[ended at the file size limit: ${limits.fileSizeMb} MB per file]` };
  const name = SIGNALS[number] ?? `signal ${number}`;
  const hint =
    number === constants.signals.SIGKILL || number === constants.signals.SIGABRT || number === constants.signals.SIGSEGV
      ? ` (the limits: ${limits.memoryMb} MB of memory and ${limits.cpuSeconds} s of CPU per process)`
      : "";
  return { reason: "signal", message: `[ended by ${name}${hint}]` };
}
