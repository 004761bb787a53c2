import { inflateSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { parsePrompt } from "./directives";
import { annotate, extraFiles, mentions, OG_IMAGE_PATH } from "./extra-files";
import { encodePng, ogImagePng } from "./png";
import { buildScript } from "./script";
import { buildWebApp } from "./webapp";

describe("mentions", () => {
  test("matches a path as a whole word only", () => {
    expect(mentions("Rewrite index.html please", "index.html")).toBe(true);
    expect(mentions("Rewrite index.html.", "index.html")).toBe(true);
    expect(mentions("(see src/a.ts)", "src/a.ts")).toBe(true);
    expect(mentions("Rewrite index.htmlx", "index.html")).toBe(false);
    expect(mentions("Rewrite my-index.html", "index.html")).toBe(false);
    expect(mentions("Rewrite lib/src/a.ts", "src/a.ts")).toBe(false);
    expect(mentions("Rewrite index.html.bak", "index.html")).toBe(false);
    expect(mentions("a.md and then a.md", "a.md")).toBe(true);
  });
});

describe("annotate", () => {
  test("appends the request in the file's comment syntax, never closing the comment early", () => {
    expect(annotate("a.md", "# A", "Make it */ --> nice")).toBe("# A\n<!-- Updated for: Make it * / -- > nice -->\n");
    expect(annotate("a.css", "", "x")).toBe("/* Updated for: x */\n");
    expect(annotate("a.ts", "x\n", "y")).toBe("x\n// Updated for: y\n");
    expect(annotate("a.py", "x\n", "y")).toBe("x\n# Updated for: y\n");
    expect(annotate("notes.txt", "x\n", "multi\nline")).toBe("x\nUpdated for: multi line\n");
    expect(annotate("data.json", "{}", "y")).toBeNull();
  });
});

describe("extra files", () => {
  test("/image plans a real PNG; named text files are planned, binary ones not", () => {
    const files = [
      { path: "notes.md", content: "# N\n" },
      { path: "logo.png", content: "iVBORw0KGgo=", encoding: "base64" as const },
      { path: "index.html", content: "<p>" },
    ];
    const planned = extraFiles({
      prompt: parsePrompt("Update notes.md, logo.png and index.html /image"),
      request: "Update notes.md, logo.png and index.html",
      title: "T",
      files,
      appPaths: ["index.html", "styles.css", "app.js"],
    });
    expect(planned.map((f) => [f.path, f.encoding ?? "utf8"])).toEqual([
      [OG_IMAGE_PATH, "base64"],
      ["notes.md", "utf8"],
    ]);
  });

  test("the PNG is valid: signature, IHDR, and pixel data that inflates to width × height", () => {
    const png = ogImagePng(200);
    expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString("ascii")).toBe("IDAT");
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect(raw.length).toBe((240 * 3 + 1) * 126);
    expect(ogImagePng(200).equals(png)).toBe(true);
    expect(encodePng(1, 1, () => [255, 0, 0]).length).toBeLessThan(100);
  });

  test("a locked extra file is planned as skipped, with no write", () => {
    const steps = buildScript({
      prompt: parsePrompt("Refresh notes.md /image"),
      chatTitle: "T",
      earlierRequests: ["first"],
      files: [
        { path: "index.html", content: buildWebApp({ title: "T", requests: ["first"] })[0]!.content, locked: false },
        { path: "notes.md", content: "# N\n", locked: true },
        { path: OG_IMAGE_PATH, content: "", locked: true, encoding: "base64" },
      ],
    });
    const writes = steps.flatMap((s) => (s.kind === "part" && s.write ? [s.write.path] : []));
    expect(writes).toEqual(["index.html", "styles.css", "app.js"]);
    const plan = steps.find((s) => s.kind === "part" && s.part.type === "agent-action");
    expect(JSON.stringify(plan)).toContain("Leave notes.md unchanged (locked)");
    const last = steps.at(-1)!;
    expect(last.kind === "part" && last.part.type === "text" && last.part.text).toContain(
      "Skipped `public/og.png` and `notes.md`: they are locked, so I left them unchanged.",
    );
  });

  test("with /script the text before the permission request says what was skipped", () => {
    const steps = buildScript({
      prompt: parsePrompt("More /script scripts/seed.ts"),
      chatTitle: "T",
      earlierRequests: ["first"],
      files: [{ path: "styles.css", content: "", locked: true }],
    });
    const texts = steps.flatMap((s) => (s.kind === "part" && s.part.type === "text" ? [s.part.text] : []));
    expect(texts.at(-1)).toMatch(/^Skipped `styles.css`: it is locked/);
    expect(steps.at(-1)!.kind).toBe("block");
  });
});
