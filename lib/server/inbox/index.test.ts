import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inboxDataDir } from "./index";

const root = mkdtempSync(path.join(tmpdir(), "inbox-dir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("where the inbox's PGlite database lives", () => {
  it("in the embedded service's directory, <DATA_DIR>/pglite: one WebAssembly Postgres for both", () => {
    expect(inboxDataDir(root)).toBe(path.join(root, "pglite"));
  });

  it("in <DATA_DIR>/inbox when an inbox database was created there before", () => {
    mkdirSync(path.join(root, "inbox"));
    writeFileSync(path.join(root, "inbox", "PG_VERSION"), "17\n");
    expect(inboxDataDir(root)).toBe(path.join(root, "inbox"));
  });
});
