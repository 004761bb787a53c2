import { bundledLanguages } from "shiki";
import { describe, expect, test } from "vitest";
import { PatchVersionBodyV1 } from "../schemas/v1";
import { fileKindOf, imageDataUrl, languageOf, mimeTypeOf, PLAIN_TEXT } from "./language";
import {
  applyLockToggle,
  applyPatchLocally,
  filesCoveredBy,
  filesUnderFolder,
  lockStateOf,
  type LockableFile,
} from "./locks";
import { ancestorsOf, buildTree, filterTree, flattenTree, folderPaths, type TreeFolder, type TreeNode } from "./tree";

const names = (nodes: TreeNode[]) => nodes.map((n) => n.name);
const folder = (root: TreeFolder, ...path: string[]) =>
  path.reduce((f, name) => f.children.find((c): c is TreeFolder => c.kind === "folder" && c.name === name)!, root);

describe("buildTree", () => {
  test("nests folders, folders before files, names sorted case-insensitively and numerically", () => {
    const root = buildTree([
      "src/b.ts",
      "README.md",
      "src/a.ts",
      "src/app/page.tsx",
      "Zeta/x",
      "alpha.txt",
      "img10.png",
      "img2.png",
    ]);
    expect(root.path).toBe("");
    expect(names(root.children)).toEqual(["src", "Zeta", "alpha.txt", "img2.png", "img10.png", "README.md"]);
    const src = folder(root, "src");
    expect(src.path).toBe("src");
    expect(names(src.children)).toEqual(["app", "a.ts", "b.ts"]);
    expect(folder(root, "src", "app").children[0]).toEqual({
      kind: "file",
      name: "page.tsx",
      path: "src/app/page.tsx",
      locked: false,
    });
  });

  test("counts files and locked files under every folder", () => {
    const root = buildTree([
      { path: "src/a.ts", locked: true },
      { path: "src/lib/b.ts", locked: true },
      { path: "src/lib/c.ts" },
      { path: "index.html", locked: false },
    ]);
    expect([root.fileCount, root.lockedCount]).toEqual([4, 2]);
    expect([folder(root, "src").fileCount, folder(root, "src").lockedCount]).toEqual([3, 2]);
    expect([folder(root, "src", "lib").fileCount, folder(root, "src", "lib").lockedCount]).toEqual([2, 1]);
  });

  test("normalizes ./ and duplicate slashes; a path listed twice appears once", () => {
    const root = buildTree(["./a//b.ts", "a/b.ts", "", "/c.ts"]);
    expect(root.fileCount).toBe(2);
    expect(flattenTree(root, { expandAll: true }).map((r) => r.node.path)).toEqual(["a", "a/b.ts", "c.ts"]);
  });

  test("1,000 files in 100 folders", () => {
    const paths = Array.from({ length: 1000 }, (_, i) => `src/f${i % 100}/file${i}.ts`);
    const root = buildTree(paths);
    expect(root.fileCount).toBe(1000);
    expect(folder(root, "src").children).toHaveLength(100);
    expect(names(folder(root, "src").children).slice(0, 3)).toEqual(["f0", "f1", "f2"]);
  });
});

describe("flattenTree, filterTree, ancestorsOf", () => {
  const root = buildTree([
    { path: "src/app/page.tsx", locked: true },
    "src/app/layout.tsx",
    "src/lib/util.ts",
    "package.json",
  ]);

  test("shows the children of expanded folders only, with depths", () => {
    expect(flattenTree(root).map((r) => r.node.path)).toEqual(["src", "package.json"]);
    const rows = flattenTree(root, { expanded: new Set(["src", "src/app"]) });
    expect(rows.map((r) => [r.node.path, r.depth, r.expanded])).toEqual([
      ["src", 0, true],
      ["src/app", 1, true],
      ["src/app/layout.tsx", 2, false],
      ["src/app/page.tsx", 2, false],
      ["src/lib", 1, false],
      ["package.json", 0, false],
    ]);
    expect(folderPaths(root)).toEqual(["src", "src/app", "src/lib"]);
  });

  test("filters by a case-insensitive part of the path and by lock, keeping the folders on the way", () => {
    expect(filterTree(root, {})).toBe(root);
    const byName = filterTree(root, { query: "PAGE" });
    expect(flattenTree(byName, { expandAll: true }).map((r) => r.node.path)).toEqual([
      "src",
      "src/app",
      "src/app/page.tsx",
    ]);
    expect(byName.fileCount).toBe(1);
    const byFolder = filterTree(root, { query: "lib/" });
    expect(flattenTree(byFolder, { expandAll: true }).map((r) => r.node.path)).toEqual([
      "src",
      "src/lib",
      "src/lib/util.ts",
    ]);
    const locked = filterTree(root, { lockedOnly: true });
    expect([locked.fileCount, locked.lockedCount]).toEqual([1, 1]);
    expect(filterTree(root, { query: "nothing-matches" }).children).toEqual([]);
  });

  test("ancestorsOf lists the folders to open to reveal a file", () => {
    expect(ancestorsOf("src/app/page.tsx")).toEqual(["src", "src/app"]);
    expect(ancestorsOf("index.html")).toEqual([]);
  });
});

describe("languageOf and file kinds", () => {
  test("maps extensions and file names to shiki languages", () => {
    const cases: Record<string, string> = {
      "src/app/page.tsx": "tsx",
      "lib/x.ts": "typescript",
      "app.js": "javascript",
      "a.MJS": "javascript",
      "index.html": "html",
      "styles.css": "css",
      "README.md": "markdown",
      "data.json": "json",
      "tsconfig.json": "jsonc",
      "config.yml": "yaml",
      "script.sh": "shellscript",
      "main.py": "python",
      Dockerfile: "dockerfile",
      Makefile: "makefile",
      ".env": "dotenv",
      ".env.local": "dotenv",
      "public/logo.svg": "xml",
      "notes.txt": PLAIN_TEXT,
      LICENSE: PLAIN_TEXT,
      "weird.unknownext": PLAIN_TEXT,
    };
    for (const [path, lang] of Object.entries(cases)) expect(languageOf(path), path).toBe(lang);
  });

  test("every language it names is one shiki bundles (or plain text)", () => {
    const exts = [
      "ts",
      "tsx",
      "js",
      "jsx",
      "mjs",
      "cjs",
      "json",
      "jsonc",
      "json5",
      "html",
      "css",
      "scss",
      "sass",
      "less",
      "md",
      "mdx",
      "yml",
      "toml",
      "ini",
      "properties",
      "sh",
      "py",
      "rb",
      "go",
      "rs",
      "java",
      "kt",
      "swift",
      "c",
      "cpp",
      "cs",
      "php",
      "lua",
      "r",
      "dart",
      "ex",
      "hs",
      "scala",
      "zig",
      "sql",
      "prisma",
      "graphql",
      "xml",
      "svg",
      "vue",
      "svelte",
      "astro",
      "diff",
      "csv",
      "log",
      "env",
    ];
    const langs = [
      ...exts.map((e) => languageOf(`f.${e}`)),
      ...["Dockerfile", "Makefile", ".gitignore"].map(languageOf),
    ];
    for (const lang of langs) expect(lang === PLAIN_TEXT || lang in bundledLanguages, lang).toBe(true);
  });

  test("base64 images are images, other base64 files binary, utf8 text (SVG too)", () => {
    expect(fileKindOf({ path: "public/og.png", encoding: "base64" })).toBe("image");
    expect(fileKindOf({ path: "font.woff2", encoding: "base64" })).toBe("binary");
    expect(fileKindOf({ path: "logo.svg", encoding: "utf8" })).toBe("text");
    expect(imageDataUrl({ path: "a.PNG", content: "iVBO\nRw0K", encoding: "base64" })).toBe(
      "data:image/png;base64,iVBORw0K",
    );
    expect(imageDataUrl({ path: "a.txt", content: "x", encoding: "utf8" })).toBeNull();
    expect(mimeTypeOf("x.bin", "base64")).toBe("application/octet-stream");
    expect(mimeTypeOf("notes")).toBe("text/plain");
  });
});

describe("locks", () => {
  const files: LockableFile[] = [
    { name: "index.html", content: "<h1>", locked: false },
    { name: "src/a.ts", content: "a", locked: true },
    { name: "src/lib/b.ts", content: "b", locked: false },
    { name: "srcx/c.ts", content: "c", locked: false },
  ];

  test("filesUnderFolder covers the folder's files and nothing with the same prefix", () => {
    expect(filesUnderFolder(files, "src").map((f) => f.name)).toEqual(["src/a.ts", "src/lib/b.ts"]);
    expect(filesUnderFolder(files, "src/").map((f) => f.name)).toEqual(["src/a.ts", "src/lib/b.ts"]);
    expect(filesUnderFolder(files, "")).toHaveLength(4);
    expect(filesCoveredBy(files, "index.html").map((f) => f.name)).toEqual(["index.html"]);
  });

  test("a folder toggle lists every file under it whose lock changes, content unchanged", () => {
    const body = applyLockToggle(files, "src", true)!;
    expect(PatchVersionBodyV1.parse(body)).toEqual(body);
    expect(body).toEqual({ files: [{ name: "src/lib/b.ts", content: "b", locked: true }] });
    expect(lockStateOf(files, "src")).toBe("mixed");
    const after = applyPatchLocally(files, body);
    expect(lockStateOf(after, "src")).toBe("locked");
    expect(after.find((f) => f.name === "srcx/c.ts")!.locked).toBe(false);
    expect(after[0]).toBe(files[0]);
    expect(applyLockToggle(after, "src", true)).toBeNull();
  });

  test("a file toggle lists just that file; unlocking the whole project lists the locked ones", () => {
    expect(applyLockToggle(files, "index.html", true)).toEqual({
      files: [{ name: "index.html", content: "<h1>", locked: true }],
    });
    expect(applyLockToggle(files, "", false)).toEqual({ files: [{ name: "src/a.ts", content: "a", locked: false }] });
    expect(applyLockToggle(files, "missing", true)).toBeNull();
    expect(lockStateOf(files, "srcx")).toBe("unlocked");
  });
});
