/**
 * Fails when a drizzle schema differs from its committed migrations: for each drizzle config, `drizzle-kit generate`
 * runs into a copy of the migrations folder, and any file it writes there means a migration is missing. (`drizzle-kit
 * check` only checks that the snapshots agree with each other, not with the schema; it runs too.)
 * Run by scripts/test.sh: `npx tsx scripts/check-migrations.ts`.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const CONFIGS = ["drizzle.config.ts", "drizzle-inbox.config.ts", "drizzle-dashboard.config.ts"];

/** Every file under `dir`, relative to it. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

function drizzleKit(args: string[]): { status: number | null; output: string } {
  const run = spawnSync("npx", ["drizzle-kit", ...args], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 120_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

let failed = false;
for (const config of CONFIGS) {
  const { default: settings } = (await import(path.resolve(config))) as {
    default: { dialect: string; schema: string; out: string };
  };
  const check = drizzleKit(["check", `--config=${config}`]);
  if (check.status !== 0) {
    console.error(`${config}: drizzle-kit check failed:\n${check.output}`);
    failed = true;
    continue;
  }
  const copy = mkdtempSync(path.join(tmpdir(), "atelier-migrations-"));
  try {
    cpSync(settings.out, copy, { recursive: true });
    const before = files(copy);
    const generate = drizzleKit([
      "generate",
      `--dialect=${settings.dialect}`,
      `--schema=${settings.schema}`,
      // drizzle-kit prefixes "./" to the folder: a path relative to here.
      `--out=${path.relative(process.cwd(), copy)}`,
    ]);
    const added = files(copy).filter((file) => !before.includes(file));
    // It can print an error and still exit 0: only its "nothing to migrate" or a new file counts as an answer.
    if (generate.status !== 0 || (added.length === 0 && !/No schema changes/.test(generate.output))) {
      // A rename or a drop makes it ask which one it is (and fail without a terminal): a change all the same.
      const asked = /Interactive prompts/.test(generate.output) ? " (it asks about a renamed or dropped column)" : "";
      console.error(`${config}: drizzle-kit generate failed${asked}:\n${generate.output}`);
      failed = true;
      continue;
    }
    if (added.length > 0) {
      console.error(
        `${config}: ${settings.schema} differs from the migrations in ${settings.out}/ (drizzle-kit generate would ` +
          `write ${added.join(", ")}). Run: npx drizzle-kit generate --config ${config} --name <what changed>`,
      );
      failed = true;
    } else console.log(`${config}: migrations match ${settings.schema}`);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);
