import "server-only";
import { slugify } from "../generation/title";
import { hashString, type GeneratedFile } from "./webapp";

/** Terminal outputs of the scripted agent's bash parts. Deterministic for the same files. */

const green = (s: string) => `\u001b[32m${s}\u001b[39m`;
const dim = (s: string) => `\u001b[2m${s}\u001b[22m`;
const bold = (s: string) => `\u001b[1m${s}\u001b[22m`;

const kb = (content: string) => (Buffer.byteLength(content) / 1024).toFixed(2).padStart(6);

const fileCount = (files: readonly unknown[]) => `${files.length} ${files.length === 1 ? "file" : "files"}`;

/** `npm run build`: a few lines. */
export function buildOutput(title: string, files: GeneratedFile[]): string {
  const slug = slugify(title);
  const rows = files.map((f) => `  dist/${f.path.padEnd(12)} ${kb(f.content)} kB`);
  const ms = 20 + (hashString(files.map((f) => f.content).join("")) % 60);
  return [
    `> ${slug}@0.1.0 build`,
    "> node scripts/build.mjs",
    "",
    `Checking ${fileCount(files)}…`,
    ...rows,
    "",
    `✓ built ${fileCount(files)} in ${ms}ms`,
  ].join("\n");
}

/**
 * `npm run build -- --verbose` (the /slow directive): lints every line of every file, then runs one test per
 * starter behaviour: several hundred lines with ANSI colours, like a real CI log.
 */
export function verboseBuildOutput(title: string, files: GeneratedFile[]): string {
  const slug = slugify(title);
  const lines = [`> ${slug}@0.1.0 build`, "> node scripts/build.mjs --verbose", ""];
  lines.push(
    dim(`[build] ${files.length} source files, ${files.reduce((n, f) => n + f.content.split("\n").length, 0)} lines`),
  );
  for (const file of files) {
    const source = file.content.split("\n");
    lines.push("", bold(`[lint] ${file.path}`));
    source.forEach((line, i) => {
      const shown = line.trim().slice(0, 60) || "(blank)";
      lines.push(`  ${dim(`${file.path}:${String(i + 1).padStart(3)}`)}  ${green("ok")}  ${shown}`);
    });
  }
  lines.push("", bold("[test] running behaviour tests"));
  const behaviours = ["adds an item", "toggles an item", "removes an item", "keeps the count", "survives a reload"];
  let n = 0;
  for (let round = 1; round <= 30; round++) {
    for (const behaviour of behaviours) {
      n++;
      const ms = 1 + (hashString(`${slug}${n}`) % 9);
      lines.push(`  ${green("✓")} list #${String(round).padStart(2)} ${behaviour} ${dim(`(${ms} ms)`)}`);
    }
  }
  lines.push("", `${green("Tests")}  ${n} passed (${n})`);
  for (const f of files) lines.push(`  dist/${f.path.padEnd(12)} ${kb(f.content)} kB`);
  lines.push("", green(`✓ built ${fileCount(files)}`));
  return lines.join("\n");
}

/** The output of an approved script (a seed script filling the app with sample data). */
export function scriptOutput(command: string, path: string, title: string): string {
  const rows = 8 + (hashString(path + title) % 17);
  const lines = [
    `$ ${command}`,
    `Running ${path} for "${title}"`,
    "Connecting to the project's data store… connected",
    "",
  ];
  for (let i = 1; i <= rows; i++) lines.push(`  inserted item ${String(i).padStart(2)} of ${rows}`);
  lines.push("", `Seeded ${rows} items in ${40 + (hashString(title) % 200)} ms.`, "Done.");
  return lines.join("\n");
}
