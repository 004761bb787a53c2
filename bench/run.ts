import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatTable, type BenchModule } from "./harness";
import { appRuntime } from "./app-runtime";
import { fileEditor } from "./file-editor";
import { filesPanel } from "./files-panel";
import { memory } from "./memory";
import { newChat } from "./new-chat";
import { partsReconstruction } from "./parts-reconstruction";
import { proxy } from "./proxy";
import { sandbox } from "./sandbox";
import { timeline } from "./timeline";

/**
 * Benchmarks: `npm run bench [-- name… ] [--quick] [--check]`.
 * Add a benchmark by writing a module that exports a BenchModule and listing it here.
 * --quick: fewer repetitions. --check: exit 1 when a ratio misses its target.
 * Results are also written to bench/results/<name>.json (not committed).
 */
const MODULES: readonly BenchModule[] = [
  partsReconstruction,
  filesPanel,
  fileEditor,
  timeline,
  proxy,
  memory,
  newChat,
  sandbox,
  appRuntime,
];

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const check = args.includes("--check");
const names = args.filter((a) => !a.startsWith("--"));
const unknown = names.filter((n) => !MODULES.some((m) => m.name === n));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(", ")}; available: ${MODULES.map((m) => m.name).join(", ")}`);
  process.exit(2);
}
const selected = names.length ? MODULES.filter((m) => names.includes(m.name)) : MODULES;
const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "results");

let missed = 0;
console.log(`node ${process.version}, ${process.platform}/${process.arch}${quick ? ", quick" : ""}`);
for (const m of selected) {
  console.log(`\n## ${m.name}: ${m.description}\n`);
  const result = await m.run({ quick });
  for (const [k, v] of Object.entries(result.facts ?? {})) console.log(`${k}: ${v}`);
  if (result.facts) console.log();
  console.log(formatTable(result.rows, result.unit));
  console.log();
  for (const r of result.ratios) {
    const verdict =
      r.max === undefined ? "" : r.value <= r.max ? `  ok (target ≤ ${r.max})` : `  MISSED (target ≤ ${r.max})`;
    if (r.max !== undefined && r.value > r.max) missed++;
    console.log(`${r.label}: ${r.value.toFixed(2)}${verdict}`);
  }
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, `${m.name}.json`),
    JSON.stringify({ at: new Date().toISOString(), node: process.version, quick, ...result }, null, 2),
  );
}
if (check && missed) process.exit(1);
