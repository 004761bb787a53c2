import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { harvest, lockfileDigests, seed, type PackageStore } from "./package-store";

/** The shared package store's own rules, on folders of this machine (package-store.http.test.ts: real installs). */
const hex = (data: string) => createHash("sha512").update(data).digest("hex");
const b64 = (data: string) => createHash("sha512").update(data).digest("base64");
const at = (root: string, digest: string) => path.join(root, digest.slice(0, 2), digest.slice(2, 4), digest.slice(4));
const content = (npmCache: string, digest: string) =>
  at(path.join(npmCache, "_cacache", "content-v2", "sha512"), digest);

let work: string;
let store: PackageStore;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), "atelier-store-unit-"));
  store = { dir: path.join(work, "store"), maxBytes: 1024 * 1024, maxFileBytes: 1024 * 1024 };
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function cacheHolding(name: string, files: string[]): string {
  const npmCache = path.join(work, name);
  for (const data of files) {
    mkdirSync(path.dirname(content(npmCache, hex(data))), { recursive: true });
    writeFileSync(content(npmCache, hex(data)), data);
  }
  return npmCache;
}

describe("the digests an npm lockfile names", () => {
  test("v3 packages, v1 nested dependencies, several hashes in one field; sha1 and garbage ignored", () => {
    const lock = {
      lockfileVersion: 3,
      packages: {
        "": { name: "app" },
        "node_modules/a": { integrity: `sha512-${b64("a")}` },
        "node_modules/b": { integrity: `sha1-abc sha512-${b64("b")}` },
        "node_modules/c": { integrity: "sha512-not base64!" },
        "node_modules/d": { integrity: 42 },
      },
      dependencies: {
        e: { integrity: `sha512-${b64("e")}`, dependencies: { f: { integrity: `sha512-${b64("f")}` } } },
      },
    };
    expect(lockfileDigests(JSON.stringify(lock)).sort()).toEqual([hex("a"), hex("b"), hex("e"), hex("f")].sort());
    expect(lockfileDigests("not json")).toEqual([]);
    expect(lockfileDigests("null")).toEqual([]);
  });
});

describe("seed: the store's tarballs into a chat's cache", () => {
  test("copies what the lockfile names and the store holds, nothing else", async () => {
    await harvest(store, cacheHolding("a", ["one", "two"]));
    const b = path.join(work, "b");
    mkdirSync(b);
    expect(await seed(store, b, [hex("one"), hex("three")], null)).toBe(1);
    expect(readFileSync(content(b, hex("one")), "utf8")).toBe("one");
    expect(existsSync(content(b, hex("two")))).toBe(false);
    expect(await seed(store, b, [hex("one")], null)).toBe(0); // already there
  });

  test("a link a sandbox left on the way (a folder or the file's name) gets nothing written through it", async () => {
    await harvest(store, cacheHolding("a", ["one"]));
    const elsewhere = path.join(work, "elsewhere");
    mkdirSync(elsewhere);
    // The content folder is a link to a folder of the server.
    const b = path.join(work, "b");
    mkdirSync(path.join(b, "_cacache"), { recursive: true });
    symlinkSync(elsewhere, path.join(b, "_cacache", "content-v2"));
    expect(await seed(store, b, [hex("one")], null)).toBe(0);
    // The tarball's own name is a link to a file of the server.
    const c = path.join(work, "c");
    const target = path.join(work, "server-file");
    writeFileSync(target, "the server's");
    mkdirSync(path.dirname(content(c, hex("one"))), { recursive: true });
    symlinkSync(target, content(c, hex("one")));
    expect(await seed(store, c, [hex("one")], null)).toBe(0);
    expect(readFileSync(target, "utf8")).toBe("the server's");
    expect(readlinkSync(content(c, hex("one")))).toBe(target);
    expect(existsSync(path.join(elsewhere, hex("one").slice(2, 4)))).toBe(false);
  });

  test("a link as the chat's npm cache itself gets nothing", async () => {
    await harvest(store, cacheHolding("a", ["one"]));
    const elsewhere = path.join(work, "elsewhere");
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, path.join(work, "b"));
    expect(await seed(store, path.join(work, "b"), [hex("one")], null)).toBe(0);
  });
});

describe("harvest: a chat's cache into the store", () => {
  test("half-done copies an earlier process left (older than an hour) are removed, a fresh one kept", async () => {
    mkdirSync(store.dir, { recursive: true });
    const stale = path.join(store.dir, ".atelier-tmp-stale");
    const fresh = path.join(store.dir, ".atelier-tmp-fresh");
    writeFileSync(stale, "half");
    writeFileSync(fresh, "half");
    const old = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(stale, old, old);
    await harvest(store, cacheHolding("a", ["one"]));
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  test("a file over the per-file cap stays out; past the store's cap the least recently used go", async () => {
    store = { ...store, maxBytes: 25, maxFileBytes: 10 };
    await harvest(store, cacheHolding("a", ["x".repeat(11)]));
    expect(existsSync(at(store.dir, hex("x".repeat(11))))).toBe(false);
    await harvest(store, cacheHolding("b", ["a".repeat(10), "b".repeat(10)]));
    const old = new Date(Date.now() - 60_000);
    utimesSync(at(store.dir, hex("a".repeat(10))), old, old);
    await harvest(store, cacheHolding("c", ["c".repeat(10)])); // 30 bytes: over 25, down to 20 at most
    expect(existsSync(at(store.dir, hex("a".repeat(10))))).toBe(false);
    expect(existsSync(at(store.dir, hex("b".repeat(10))))).toBe(true);
    expect(existsSync(at(store.dir, hex("c".repeat(10))))).toBe(true);
  });
});
