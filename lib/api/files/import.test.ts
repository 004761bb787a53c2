import { describe, expect, it } from "vitest";
import { planImport, type PickedFile } from "./import";
import { acceptedFileName, MAX_FILE_BYTES, MAX_PROXY_BODY_BYTES } from "./limits";

const text = (path: string, content: string): PickedFile => ({ path, bytes: new TextEncoder().encode(content) });

describe("planImport", () => {
  it("drops the folder everything was picked in and sorts by name", () => {
    const plan = planImport([
      text("my-app/src/b.ts", "b"),
      text("my-app/README.md", "# hi"),
      text("my-app/src/a.ts", "a"),
    ]);
    expect(plan.files).toEqual([
      { name: "README.md", content: "# hi" },
      { name: "src/a.ts", content: "a" },
      { name: "src/b.ts", content: "b" },
    ]);
    expect(plan.skipped).toEqual([]);
    expect(plan.totalBytes).toBe(6);
    expect(plan.blocked).toBeNull();
  });

  it("keeps paths of loose files and of files from different folders as they are", () => {
    expect(planImport([text("a.ts", "1"), text("b.ts", "2")]).files.map((f) => f.name)).toEqual(["a.ts", "b.ts"]);
    expect(planImport([text("x/a.ts", "1"), text("y/b.ts", "2")]).files.map((f) => f.name)).toEqual([
      "x/a.ts",
      "y/b.ts",
    ]);
  });

  it("reads backslashes as folder separators; skips dependency and tool folders, binary files, files over 3 MB, bad names and duplicates, saying why", () => {
    const png = { path: "app/logo.png", bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]) };
    const latin1 = { path: "app/old.txt", bytes: new Uint8Array([0x63, 0x61, 0x66, 0xe9]) }; // "café" in Latin-1: not UTF-8
    const huge = { path: "app/huge.json", bytes: new Uint8Array(MAX_FILE_BYTES + 1).fill(0x61) };
    const plan = planImport([
      text("app/index.html", "<h1>ok</h1>"),
      text("app/node_modules/react/index.js", "x"),
      text("app/.git/HEAD", "ref"),
      text("app/.DS_Store", "x"),
      png,
      latin1,
      huge,
      text("app\\win\\b.ts", "w"),
      text("app/x\u0001y.ts", "x"),
      text("app/./dup.ts", "1"),
      text("app/dup.ts", "2"),
      text("app/ünïcode.md", "héllo ✓"),
    ]);
    expect(plan.files).toEqual([
      { name: "dup.ts", content: "1" },
      { name: "index.html", content: "<h1>ok</h1>" },
      { name: "win/b.ts", content: "w" },
      { name: "ünïcode.md", content: "héllo ✓" },
    ]);
    expect(Object.fromEntries(plan.skipped.map((s) => [s.path, s.reason]))).toEqual({
      ".DS_Store": "ignored-folder",
      ".git/HEAD": "ignored-folder",
      "node_modules/react/index.js": "ignored-folder",
      "logo.png": "binary",
      "old.txt": "binary",
      "huge.json": "too-large",
      "x\u0001y.ts": "bad-name",
      "dup.ts": "duplicate",
    });
    expect(plan.blocked).toBeNull();
  });

  it("blocks more than 1,000 files, and more bytes than one proxied request carries", () => {
    const many = Array.from({ length: 1001 }, (_, i) => text(`src/f${i}.ts`, "x"));
    expect(planImport(many).blocked).toMatch(/1001 files: a chat holds at most 1000/);
    expect(planImport(many.slice(0, 1000)).blocked).toBeNull();
    const big = "a".repeat(MAX_FILE_BYTES - 10);
    const heavy = [1, 2, 3].map((i) => text(`big${i}.txt`, big));
    expect(3 * big.length).toBeGreaterThan(MAX_PROXY_BODY_BYTES);
    expect(planImport(heavy).blocked).toMatch(/at most 8\.0 MB can be imported at once/);
  });
});

describe("acceptedFileName", () => {
  it("accepts relative paths of plain segments and normalizes a leading ./", () => {
    expect(acceptedFileName("src/app.ts")).toBe("src/app.ts");
    expect(acceptedFileName("./././src/app.ts")).toBe("src/app.ts");
    for (const bad of ["", "/etc/passwd", "src/../x", "src//x", "a\\b", "x\u0000y", "src/./x", "x/", "a".repeat(501)]) {
      expect(acceptedFileName(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
