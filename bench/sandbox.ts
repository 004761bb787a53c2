import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median, type BenchModule, type BenchResult } from "./harness";

/**
 * The sandbox's cost per command (docs/sandbox.md, "Speed"): `true` started by a plain spawn against `true` run in the
 * bubblewrap sandbox (its copy of one file written and removed, the namespaces, the limits and priority), side by side over
 * 50 rounds; goal: p50 at most 50 ms more. Also with network `public` (the proxy and the relay inside), for the record.
 */
export const sandbox: BenchModule = {
  name: "sandbox",
  description: "`true` in the bubblewrap sandbox vs a plain spawn",
  async run({ quick }): Promise<BenchResult> {
    const [warmup, repeats] = quick ? [2, 10] : [5, 50];
    const child = path.join(path.dirname(fileURLToPath(import.meta.url)), "sandbox-child.ts");
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ["--conditions=react-server", "--import", "tsx", child, String(warmup), String(repeats)],
        { maxBuffer: 16 * 1024 * 1024 },
        (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
      ),
    );
    const measured = JSON.parse(stdout.trim().split("\n").at(-1)!) as Array<{ label: string; samples: number[] }>;
    const rows = measured.map(({ label, samples }) => ({
      label,
      medianMs: median(samples),
      minMs: Math.min(...samples),
      maxMs: Math.max(...samples),
      runs: samples.length,
    }));
    const [plain, sandboxed, open] = rows.map((r) => r.medianMs) as [number, number, number];
    return {
      rows,
      ratios: [
        { label: "sandbox − spawn, p50 ms", value: sandboxed - plain, max: 50 },
        { label: "sandbox with network public − spawn, p50 ms", value: open - plain },
      ],
      facts: { command: "true", files: 1, rounds: repeats },
    };
  },
};
