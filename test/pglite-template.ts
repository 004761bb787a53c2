import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freshClusterFiles } from "@/lib/db/open";

/**
 * Vitest's global setup: the files of one fresh PGlite cluster, so every test process's "memory://" databases start
 * from a copy instead of each process running initdb again (lib/db/open.ts). Kept between runs in node_modules/.cache,
 * one per PGlite version (a new version may lay out its cluster differently).
 */
export default async function setup(): Promise<void> {
  const pglite = path.resolve("node_modules/@electric-sql/pglite/package.json");
  const { version } = JSON.parse(readFileSync(pglite, "utf8")) as { version: string };
  const dir = path.resolve("node_modules/.cache/atelier");
  const file = path.join(dir, `pglite-${version}-fresh-cluster.tar`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await (await freshClusterFiles()).arrayBuffer()));
    renameSync(partial, file);
  }
  process.env.PGLITE_MEMORY_TEMPLATE = file;
}
