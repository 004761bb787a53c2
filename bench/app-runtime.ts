import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median, type BenchModule, type BenchResult } from "./harness";

/**
 * The app runtime (docs/app-runtime.md, "Speed"): a zero-dependency Node server app in a chat, from opening its
 * preview to the app's first answer (goal 1.5 s), and from a hand edit to the preview answering the edited file
 * (goal 500 ms). Each round is a new chat (a new sandbox). The Vite figures need the registry: see the doc.
 */
export const appRuntime: BenchModule = {
  name: "app-runtime",
  description: "a chat's Node app: preview opened → first answer; hand edit → answer changed",
  async run({ quick }): Promise<BenchResult> {
    const [warmup, repeats] = quick ? [1, 3] : [1, 10];
    const child = path.join(path.dirname(fileURLToPath(import.meta.url)), "app-runtime-child.ts");
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ["--conditions=react-server", "--import", "tsx", child, String(warmup), String(repeats)],
        { maxBuffer: 16 * 1024 * 1024, cwd: path.join(path.dirname(fileURLToPath(import.meta.url)), "..") },
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
    const [opened, edited] = rows.map((r) => r.medianMs) as [number, number];
    return {
      rows,
      ratios: [
        { label: "preview → first answer, p50 ms", value: opened, max: 1500 },
        { label: "hand edit → answer changed, p50 ms", value: edited, max: 500 },
      ],
      facts: { app: "node server.js, no dependencies", rounds: repeats },
    };
  },
};
