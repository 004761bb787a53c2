import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median, type BenchModule, type BenchResult, type BenchRow } from "./harness";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Runs a measuring child with the `react-server` condition (which `server-only` needs); its last line is JSON. */
function child(file: string, args: number[]): Promise<string> {
  return new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", path.join(here, file), ...args.map(String)],
      { maxBuffer: 16 * 1024 * 1024, cwd: path.join(here, "..") },
      (error, out, err) =>
        error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out.trim().split("\n").at(-1)!),
    ),
  );
}

const row = ({ label, samples }: { label: string; samples: number[] }): BenchRow => ({
  label,
  medianMs: median(samples),
  minMs: Math.min(...samples),
  maxMs: Math.max(...samples),
  runs: samples.length,
});

/**
 * The app runtime (docs/app-runtime.md, "Speed"): a zero-dependency Node server app in a chat, from opening its
 * preview to the app's first answer (goal 1.5 s), and from a hand edit to the preview answering the edited file
 * (goal 500 ms). Each round is a new chat (a new sandbox). With the registry (APP_RUNTIME_REGISTRY_TESTS=1,
 * app-runtime-vite-child.ts): a Vite app's first byte with a cold cache and with the package store warm (goal 5 s),
 * and its hot reload in Chromium from a hand edit to the page updated (goal 500 ms).
 */
export const appRuntime: BenchModule = {
  name: "app-runtime",
  description:
    "a chat's Node app, and a Vite app with the registry: preview opened → first byte; hand edit → answer or page changed",
  async run({ quick }): Promise<BenchResult> {
    const [warmup, repeats] = quick ? [1, 3] : [1, 10];
    const measured = JSON.parse(await child("app-runtime-child.ts", [warmup, repeats])) as Array<{
      label: string;
      samples: number[];
    }>;
    const rows = measured.map(row);
    const [opened, edited] = rows.map((r) => r.medianMs) as [number, number];
    const ratios: BenchResult["ratios"] = [
      { label: "preview → first answer, p50 ms", value: opened, max: 1500 },
      { label: "hand edit → answer changed, p50 ms", value: edited, max: 500 },
    ];
    const facts: Record<string, string | number> = { app: "node server.js, no dependencies", rounds: repeats };
    // The Vite figures need the registry (the gate of vite.http.test.ts).
    if (process.env.APP_RUNTIME_REGISTRY_TESTS !== "1") {
      facts.vite = "skipped: APP_RUNTIME_REGISTRY_TESTS=1 runs it (needs the npm registry)";
      return { rows, ratios, facts };
    }
    const vite = JSON.parse(await child("app-runtime-vite-child.ts", quick ? [1, 2, 5] : [2, 5, 10])) as {
      vite: string;
      packages: number;
      fullReloads: number;
      samples: Array<{ label: string; samples: number[] }>;
    };
    const [cold, warm, reload] = vite.samples.map(row) as [BenchRow, BenchRow, BenchRow];
    rows.push(cold, warm, reload);
    ratios.push(
      { label: "Vite, package store warm: preview → first byte, p50 ms", value: warm.medianMs, max: 5000 },
      { label: "Vite, cold cache: preview → first byte, p50 ms", value: cold.medianMs },
      { label: "Vite, warm ÷ cold", value: Math.round((warm.medianMs / cold.medianMs) * 100) / 100 },
      { label: "Vite hot reload in Chromium: edit → page updated, p50 ms", value: reload.medianMs, max: 500 },
    );
    facts.vite = `vite ${vite.vite}, ${vite.packages} packages in its lockfile; full page reloads: ${vite.fullReloads}`;
    return { rows, ratios, facts };
  },
};
