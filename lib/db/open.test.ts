import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDb } from "./open";

/** What opening a PGlite directory costs this process (bench/memory.ts measures the server). */

const dir = mkdtempSync(path.join(tmpdir(), "open-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const opts = {
  dataDir: path.join(dir, "db"),
  schema: {},
  migrationsFolder: path.join(process.cwd(), "drizzle-inbox"),
  migrationsTable: "__open_test",
};

describe("openDb on PGlite", () => {
  it("creates a new directory in another process: this one holds a single WebAssembly Postgres", async () => {
    const before = process.memoryUsage().external;
    const opened = await openDb(opts);
    try {
      expect(existsSync(path.join(opts.dataDir, "PG_VERSION"))).toBe(true);
      // One PGlite reserves 128 MB of WebAssembly memory; initdb in this process would leave a second
      // instance's (and its copies of the files) behind, over 600 MB in all.
      expect(process.memoryUsage().external - before).toBeLessThan(300 * 1024 * 1024);
    } finally {
      await opened.close();
    }
  });

  it("runs with a 16 MB buffer pool", async () => {
    const opened = await openDb(opts);
    try {
      if (opened.driver !== "pglite") throw new Error("expected PGlite");
      const { rows } = await opened.pglite.query<{ shared_buffers: string }>("show shared_buffers");
      expect(rows[0]!.shared_buffers).toBe("16MB");
    } finally {
      await opened.close();
    }
  });
});
