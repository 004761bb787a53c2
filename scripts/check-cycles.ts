import { readFileSync } from "node:fs";
import path from "node:path";
import { crossFolderCycles } from "./import-cycles";

/**
 * `npx tsx scripts/check-cycles.ts` (a step of `npm test`): fails on any import circle of app/, components/ and lib/
 * whose files are not all in one folder (scripts/import-cycles.ts). A circle whose files are all listed in
 * scripts/import-cycles.allow is reported but passes.
 */
const root = path.resolve(import.meta.dirname, "..");
const allowed = new Set(
  readFileSync(path.join(root, "scripts/import-cycles.allow"), "utf8")
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean),
);

const cycles = crossFolderCycles(root, ["app", "components", "lib"]);
const refused = cycles.filter((cycle) => !cycle.files.every((file) => allowed.has(file)));
for (const cycle of cycles) {
  const verdict = refused.includes(cycle) ? "Import circle across folders" : "Allowed for now (import-cycles.allow)";
  console.log(`${verdict}, ${cycle.files.length} files:\n  ${cycle.example.join("\n  → ")}`);
  console.log(`  all of them: ${cycle.files.join(", ")}\n`);
}
if (refused.length > 0) {
  console.error(
    `${refused.length} import circle(s) leave a folder: move what both sides need into a module of its own.`,
  );
  process.exit(1);
}
console.log(
  `No import circle leaves a folder (app, components, lib${cycles.length ? `; ${cycles.length} allowed` : ""}).`,
);
