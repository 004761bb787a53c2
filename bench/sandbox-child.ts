import { spawn } from "node:child_process";
import { createSandbox } from "../lib/embedded/sandbox";

/**
 * The sandbox bench's measuring process (bench/sandbox.ts runs it with the `react-server` condition, which the
 * sandbox's `server-only` marker needs): each round runs every contender once, in rotating order, and prints the
 * samples as JSON: `true` by a plain spawn, in the sandbox (copy, bubblewrap, limits; no network), and in the sandbox
 * with network `public` (the relay and the proxy too).
 */
const [warmup, repeats] = process.argv.slice(2).map(Number) as [number, number];
const files = [{ path: "index.html", content: "<h1>bench</h1>\n" }];
const none = createSandbox({});
const open = createSandbox({ network: { mode: "public", hosts: [], privateHosts: [] } });

const plain = () =>
  new Promise<void>((resolve, reject) => {
    const child = spawn("true", [], { stdio: "ignore" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`true exited ${code}`))));
  });
const inSandbox = (sandbox: typeof none) => async () => {
  const r = await sandbox.run({ command: "true", files });
  if (r.exitCode !== 0) throw new Error(`true in the sandbox: ${r.output}`);
};

const contenders: Array<[string, () => Promise<void>]> = [
  ["spawn `true`", plain],
  ["`true` in the sandbox", inSandbox(none)],
  ["`true` in the sandbox, network public", inSandbox(open)],
];
const samples: number[][] = contenders.map(() => []);
for (let round = 0; round < warmup + repeats; round++) {
  for (let k = 0; k < contenders.length; k++) {
    const i = (round + k) % contenders.length;
    const start = performance.now();
    await contenders[i]![1]();
    if (round >= warmup) samples[i]!.push(performance.now() - start);
  }
}
console.log(JSON.stringify(contenders.map(([label], i) => ({ label, samples: samples[i] }))));
