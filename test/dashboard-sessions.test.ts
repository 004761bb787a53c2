import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every page and layout of the dashboard that reads server data checks the session itself (`requireSession()`,
 * app/(dashboard)/session.ts): the dashboard's layout is not run on a client navigation between its pages, nor for an
 * RSC request that says it already has that layout, so a page relying on it would render its data for anyone.
 * "Reads server data": it imports server code (lib/server, app/_wiring, the embedded service, or any module marked
 * `server-only`). Pages that only render client components get their data through the proxy, which checks the
 * session on every request.
 */
const root = process.cwd();
const dashboard = path.join(root, "app/(dashboard)");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /^(page|layout)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The file an import names, if it is one of ours. */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")])
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

const SERVER_SPECIFIER = /^@\/(lib\/server|app\/_wiring|lib\/embedded)(\/|$)/;

/** Whether a page or layout imports server code (its own imports, one level: what it renders with). */
function readsServerData(file: string): boolean {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gm)].some(([, specifier]) => {
    if (SERVER_SPECIFIER.test(specifier!)) return true;
    const resolved = resolveImport(file, specifier!);
    return resolved !== null && /^import "server-only";/m.test(readFileSync(resolved, "utf8"));
  });
}

const checksSession = (file: string) => /\bawait requireSession\(\)/.test(readFileSync(file, "utf8"));

describe("dashboard pages and the session", () => {
  const files = routeFiles(dashboard);
  const reading = files.filter(readsServerData);
  const name = (file: string) => path.relative(dashboard, file);

  it("finds the pages that read server data (the rule is not empty)", () => {
    expect(files.length).toBeGreaterThan(10);
    expect(reading.map(name)).toEqual(
      expect.arrayContaining(["layout.tsx", "settings/page.tsx", path.join("oauth", "authorize", "page.tsx")]),
    );
  });

  it("each of them calls requireSession() itself", () => {
    expect(reading.filter((file) => !checksSession(file)).map(name)).toEqual([]);
  });
});
