import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { Message } from "@/lib/api/schemas";
import { reverseLockBody, splitPatchBody } from "@/lib/hooks/lock-batches";
import { changedFilesOf } from "./changed-files";
import { fileBytes, fileSize, zipName } from "./download";
import { createFileHighlighter, ensureLanguage, splitLines, tokenizeInChunks } from "./highlight/tokenize";
import { diffLines, toHunks } from "./line-diff";
import { isPreviewOrigin } from "@/lib/api/preview-origin";
import { framePreview, PREVIEW_SANDBOX, safePreviewUrl } from "./preview-url";
import { createZip } from "./zip";

const lines = (s: string) => s.split("\n");

describe("line diff", () => {
  test("equal texts have no changes; one changed line is one del + one add", () => {
    const same = diffLines(lines("a\nb\nc"), lines("a\nb\nc"))!;
    expect(same.added + same.removed).toBe(0);
    expect(toHunks(same.lines)).toEqual([]);
    const d = diffLines(lines("a\nb\nc"), lines("a\nB\nc"))!;
    expect([d.added, d.removed]).toEqual([1, 1]);
    expect(d.lines.map((l) => `${l.kind}:${l.text}`)).toEqual(["same:a", "del:b", "add:B", "same:c"]);
  });

  test("insertions and deletions anywhere, with correct line numbers", () => {
    const old = lines("one\ntwo\nthree\nfour\nfive");
    const next = lines("zero\none\nthree\nfour\n4.5\nfive\nsix");
    const d = diffLines(old, next)!;
    // Applying the diff to the old text gives the new one.
    expect(d.lines.filter((l) => l.kind !== "del").map((l) => l.text)).toEqual(next);
    expect(d.lines.filter((l) => l.kind !== "add").map((l) => l.text)).toEqual(old);
    expect(d.removed).toBe(1);
    expect(d.added).toBe(3);
    const two = d.lines.find((l) => l.text === "two")!;
    expect(two).toMatchObject({ kind: "del", oldNo: 2 });
    expect(d.lines.find((l) => l.text === "six")).toMatchObject({ kind: "add", newNo: 7 });
  });

  test("a new file is all additions; hunks keep 3 lines of context and merge close changes", () => {
    expect(diffLines([], lines("x\ny"))!.added).toBe(2);
    const old = Array.from({ length: 40 }, (_, i) => `l${i}`);
    const next = [...old];
    next[5] = "changed5";
    next[8] = "changed8";
    next[30] = "changed30";
    const hunks = toHunks(diffLines(old, next)!.lines);
    expect(hunks).toHaveLength(2);
    expect(hunks[0]!.oldStart).toBe(3);
    expect(hunks[1]!.lines.filter((l) => l.kind === "same")).toHaveLength(6);
  });

  test("gives up beyond the edit limit instead of stalling", () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`);
    expect(diffLines(a, b, 500)).toBeNull();
  });
});

describe("zip writer", () => {
  test("unzip reads back every file byte for byte, UTF-8 names and binary included", () => {
    const png = fileBytes({ content: "iVBORw0KGgoAAAANSUhEUg==", encoding: "base64" });
    const entries = [
      { name: "index.html", data: new TextEncoder().encode("<h1>Hi</h1>\n") },
      { name: "src/ünïcode/app.ts", data: new TextEncoder().encode("export const x = 1;\n") },
      { name: "public/og.png", data: png },
      { name: "empty.txt", data: new Uint8Array() },
    ];
    const dir = mkdtempSync(path.join(tmpdir(), "zip-test-"));
    const file = path.join(dir, "out.zip");
    writeFileSync(file, createZip(entries));
    let listing: string;
    try {
      listing = execFileSync(
        "python3",
        [
          "-c",
          "import sys,zipfile,json; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(json.dumps({i.filename: list(z.read(i)) for i in z.infolist()}))",
          file,
        ],
        {
          encoding: "utf8",
        },
      );
    } catch {
      listing = "";
    }
    if (!listing) {
      // No python: unzip's own integrity test.
      expect(execFileSync("unzip", ["-t", file], { encoding: "utf8" })).toContain("No errors");
      return;
    }
    const read = JSON.parse(listing) as Record<string, number[]>;
    expect(Object.keys(read)).toEqual(entries.map((e) => e.name));
    for (const e of entries) expect(read[e.name]).toEqual([...e.data]);
  });

  test("file bytes and sizes; archive names are safe", () => {
    expect(fileSize({ content: "héllo", encoding: "utf8" })).toBe(6);
    expect(fileSize({ content: "AAAA", encoding: "base64" })).toBe(3);
    expect(fileSize({ content: "AA==", encoding: "base64" })).toBe(1);
    expect(zipName("My app: v2/../x", "chat_1")).toBe("My-app-v2..x.zip");
    expect(zipName(null, "chat_1")).toBe("chat_1.zip");
    expect(zipName("///", "")).toBe("files.zip");
  });
});

describe("changed files of the latest message", () => {
  const msg = (role: "user" | "assistant", parts: unknown[]): Message =>
    ({
      id: Math.random().toString(),
      chatId: "c",
      role,
      createdAt: "",
      updatedAt: "",
      content: "",
      parts,
      finishReason: "stop",
    }) as unknown as Message;

  test("create / update / rename / delete from the latest assistant message only", () => {
    const older = msg("assistant", [{ type: "file-edit", operation: "create", path: "old.ts" }]);
    const latest = msg("assistant", [
      { type: "file-read", paths: ["a.ts"] },
      { type: "file-edit", operation: "create", path: "./new.ts" },
      { type: "file-edit", operation: "update", path: "new.ts" },
      { type: "file-edit", operation: "patch", path: "styles.css" },
      { type: "file-edit", operation: "rename", path: "x.js", toPath: "y.js" },
      { type: "file-edit", operation: "create", path: "gone.txt" },
      { type: "file-edit", operation: "delete", path: "gone.txt" },
      { type: "file-edit", operation: 42, path: null },
    ]);
    const changed = changedFilesOf([older, latest, msg("user", [])]);
    expect(Object.fromEntries(changed)).toEqual({ "new.ts": "created", "styles.css": "updated", "y.js": "renamed" });
    expect(changedFilesOf([msg("user", [])]).size).toBe(0);
  });
});

describe("preview URL", () => {
  const base = "http://127.0.0.1:3000/chats/c1";
  test("only http(s) URLs; relative ones resolve against the dashboard", () => {
    expect(safePreviewUrl("http://pabc.localhost:3001/", base)?.href).toBe("http://pabc.localhost:3001/");
    expect(safePreviewUrl("/p/index.html", base)?.origin).toBe("http://127.0.0.1:3000");
    expect(safePreviewUrl("https://preview.example/app", base)?.host).toBe("preview.example");
    expect(safePreviewUrl("javascript:alert(1)", base)).toBeNull();
    expect(safePreviewUrl("data:text/html,<script>alert(1)</script>", base)).toBeNull();
    expect(safePreviewUrl("https://user:pw@evil.example/", base)).toBeNull();
    expect(safePreviewUrl("http://[bad", base)).toBeNull();
  });
  test("an upstream's preview is framed as it comes, opaque; the embedded preview origin's through its handoff", () => {
    expect(PREVIEW_SANDBOX).not.toContain("allow-same-origin");
    expect(PREVIEW_SANDBOX).toContain("allow-scripts");
    const pattern = "http://*.localhost:3001";
    const own = framePreview(new URL("http://pabc.localhost:3001/"), "t.1.s", pattern);
    expect(own).toEqual({
      src: "http://pabc.localhost:3001/__atelier/handoff?token=t.1.s&path=%2F",
      sandbox: `${PREVIEW_SANDBOX} allow-same-origin`,
      origin: "http://pabc.localhost:3001",
    });
    // Another host, port or scheme, no token, or no embedded service: as it comes, without allow-same-origin.
    for (const [url, token, p] of [
      ["https://preview.example/app", "t", pattern],
      ["http://pabc.localhost:4001/", "t", pattern],
      ["http://a.b.localhost:3001/", "t", pattern],
      ["http://pabc.localhost:3001/", undefined, pattern],
      ["http://pabc.localhost:3001/", "t", null],
    ] as const) {
      const framed = framePreview(new URL(url), token, p);
      expect(framed, url).toEqual({ src: new URL(url).href, sandbox: PREVIEW_SANDBOX, origin: "null" });
    }
    expect(isPreviewOrigin("http://preview.lan:3001", "http://preview.lan:3001")).toBe(true);
    expect(isPreviewOrigin("http://other.lan:3001", "http://preview.lan:3001")).toBe(false);
  });
});

describe("lock PATCH bodies", () => {
  test("split under the size limit, order kept; a big file goes alone", () => {
    const files = [
      { name: "a", content: "x".repeat(400), locked: true },
      { name: "b", content: "x".repeat(400), locked: true },
      { name: "big", content: "x".repeat(5000), locked: true },
      { name: "c", content: "x".repeat(10), locked: true },
    ];
    const parts = splitPatchBody({ files }, 1000);
    expect(parts.map((p) => p.files.map((f) => f.name))).toEqual([["a", "b"], ["big"], ["c"]]);
    expect(splitPatchBody({ files })).toHaveLength(1);
    expect(reverseLockBody({ files: [files[0]!] }).files[0]).toEqual({ ...files[0], locked: false });
  });
});

describe("chunked highlighting", () => {
  test("chunks continue the grammar state: the same tokens as one pass, every line once", async () => {
    const h = await createFileHighlighter();
    expect(await ensureLanguage(h, "typescript")).toBe(true);
    expect(await ensureLanguage(h, "no-such-language")).toBe(false);
    // A template literal and a block comment spanning chunk boundaries.
    const code = Array.from({ length: 300 }, (_, i) =>
      i % 50 === 10
        ? "const s = `multi"
        : i % 50 === 12
          ? "line`;"
          : i % 70 === 20
            ? "/* open"
            : i % 70 === 25
              ? "close */"
              : `export const v${i}: number = ${i}; // n`,
    ).join("\r\n");
    const all = splitLines(code);
    // No time limit per line: under a loaded machine's pauses shiki would cut a line, and the tokens would differ.
    const unlimited = 60_000;
    const chunks = [
      ...tokenizeInChunks(h, all, "typescript", { firstChunk: 7, targetMs: 1, lineTimeLimitMs: unlimited }),
    ];
    expect(chunks.length).toBeGreaterThan(3);
    const lines = chunks.flatMap((c) => c.lines);
    expect(lines).toHaveLength(all.length);
    lines.forEach((tokens, i) => expect(tokens.filter((_, j) => j % 3 === 0).join("")).toBe(all[i]));
    const [whole] = [...tokenizeInChunks(h, all, "typescript", { firstChunk: 100_000, lineTimeLimitMs: unlimited })];
    expect(lines).toEqual(whole!.lines);
    // Coloured: some tokens carry both theme colours.
    expect(lines[0]!.some((t, j) => j % 3 === 1 && /^#/.test(t))).toBe(true);
  });
});
