import { describe, expect, test } from "vitest";
import {
  acceptPreviewMessage,
  chatFileOf,
  fixPrompt,
  isProblem,
  keepReport,
  MAX_REPORTS,
  SANDBOXED_ORIGIN,
  type KeptReport,
} from "./preview-reports";

const frameWindow = { name: "preview frame" };
const frame = { window: frameWindow, origin: SANDBOXED_ORIGIN };
const error = {
  atelier: "preview-report",
  kind: "error",
  message: "Uncaught Error: broken on purpose",
  file: "http://pc.localhost:3001/app.js",
  line: 80,
  column: 9,
  stack: "Error: broken on purpose\n    at app.js:80:9",
};
const from = (data: unknown, over: Partial<{ source: unknown; origin: string }> = {}) => ({
  source: frameWindow,
  origin: SANDBOXED_ORIGIN,
  data,
  ...over,
});

describe("acceptPreviewMessage", () => {
  test("takes a well-formed report from the preview frame's window and origin", () => {
    expect(acceptPreviewMessage(from(error), frame)).toEqual(error);
    const load = { atelier: "preview-report", kind: "load-failed", tag: "img", url: "http://x/a.png", status: 404 };
    expect(acceptPreviewMessage(from(load), frame)).toEqual(load);
  });

  test("takes Select element's answers: a picked element, or Esc in the frame", () => {
    const picked = {
      atelier: "preview-report",
      kind: "picked",
      tag: "button",
      selector: "main > form > button.primary",
      text: "Add tip",
      file: "http://pc.localhost:3001/index.html",
    };
    expect(acceptPreviewMessage(from(picked), frame)).toEqual(picked);
    expect(acceptPreviewMessage(from({ atelier: "preview-report", kind: "pick-cancelled" }), frame)).toEqual({
      atelier: "preview-report",
      kind: "pick-cancelled",
    });
    // Another window's or origin's pick is not taken; nor an overlong or incomplete one.
    expect(acceptPreviewMessage(from(picked, { source: { name: "other" } }), frame)).toBeNull();
    expect(acceptPreviewMessage(from(picked, { origin: "https://evil.example" }), frame)).toBeNull();
    expect(acceptPreviewMessage(from({ ...picked, selector: "a".repeat(601) }), frame)).toBeNull();
    expect(acceptPreviewMessage(from({ ...picked, text: "t".repeat(201) }), frame)).toBeNull();
    expect(acceptPreviewMessage(from({ ...picked, tag: undefined }), frame)).toBeNull();
    expect(acceptPreviewMessage(from({ ...picked, file: 3 }), frame)).toBeNull();
    // The dashboard's own command to the frame is not a report.
    expect(acceptPreviewMessage(from({ atelier: "preview-pick", pick: true }), frame)).toBeNull();
  });

  test("refuses another window, another origin, or no frame yet", () => {
    expect(acceptPreviewMessage(from(error, { source: { name: "other" } }), frame)).toBeNull();
    expect(acceptPreviewMessage(from(error, { source: null }), frame)).toBeNull();
    expect(acceptPreviewMessage(from(error, { origin: "https://evil.example" }), frame)).toBeNull();
    expect(acceptPreviewMessage(from(error, { origin: "http://localhost:3000" }), frame)).toBeNull();
    expect(acceptPreviewMessage(from(error, { source: undefined }), { window: undefined, origin: "null" })).toBeNull();
  });

  test("refuses bad shapes: unknown kinds, missing or mistyped fields, overlong strings", () => {
    const bad: unknown[] = [
      null,
      "Uncaught Error",
      { ...error, atelier: "other" },
      { ...error, kind: "html" },
      { ...error, line: "80" },
      { ...error, line: -1 },
      { ...error, message: undefined },
      { ...error, message: "x".repeat(4_001) },
      { atelier: "preview-report", kind: "console", level: "debug", text: "x" },
      { atelier: "preview-report", kind: "load-failed", tag: "img", url: "u", status: 1e6 },
    ];
    for (const data of bad) expect(acceptPreviewMessage(from(data), frame), JSON.stringify(data)).toBeNull();
  });
});

describe("keepReport", () => {
  test("a flood keeps the last 500, strings cut short", () => {
    let list: KeptReport[] = [];
    for (let i = 0; i < 2_000; i++) {
      list = keepReport(
        list,
        { atelier: "preview-report", kind: "console", level: "log", text: `${i} ${"y".repeat(3_000)}` },
        i,
      );
    }
    expect(list).toHaveLength(MAX_REPORTS);
    expect(list[0]!.n).toBe(1_500);
    expect(list.at(-1)!.n).toBe(1_999);
    const last = list.at(-1)!;
    expect(last.kind === "console" && last.text.length).toBe(1_001);
  });

  test("problems are errors, rejections and failed loads", () => {
    expect(isProblem(error as never)).toBe(true);
    expect(isProblem({ atelier: "preview-report", kind: "console", level: "error", text: "x" })).toBe(false);
    expect(isProblem({ atelier: "preview-report", kind: "navigation", url: "x" })).toBe(false);
  });
});

test("chatFileOf links only the preview's own files that the chat holds", () => {
  const page = "http://pc.localhost:3001/index.html";
  expect(chatFileOf("http://pc.localhost:3001/app.js", page, ["app.js"])).toBe("app.js");
  expect(chatFileOf("http://pc.localhost:3001/src/a%20b.js?v=1", page, ["src/a b.js"])).toBe("src/a b.js");
  expect(chatFileOf("http://pc.localhost:3001/other.js", page, ["app.js"])).toBeNull();
  // The origin's root (and a folder) is the index.html the preview serves there.
  expect(chatFileOf("http://pc.localhost:3001/", "http://pc.localhost:3001/", ["index.html"])).toBe("index.html");
  expect(chatFileOf("http://pc.localhost:3001/docs/", page, ["docs/index.html"])).toBe("docs/index.html");
  expect(chatFileOf("https://cdn.example/app.js", page, ["app.js"])).toBeNull();
});

test("fixPrompt quotes message, file:line and the first stack lines", () => {
  const prompt = fixPrompt([error as never], "http://pc.localhost:3001/index.html", ["app.js"]);
  expect(prompt).toMatch(/^Please fix these problems the preview reports:/);
  expect(prompt).toContain("- Uncaught Error: broken on purpose at app.js:80:9");
  expect(prompt).toContain("    at app.js:80:9");
  // The preview's URLs in a stack become the files' paths (the link's token stays out of the prompt).
  const long = {
    ...error,
    stack: "Error: x\n    at http://pc.localhost:3001/app.js:80:9\n    at https://cdn.example/lib.js:1:2",
  };
  const quoted = fixPrompt([long as never], "http://pc.localhost:3001/index.html", ["app.js"]);
  expect(quoted).toContain("    at app.js:80:9\n    at https://cdn.example/lib.js:1:2");
  expect(quoted).not.toContain("http://pc.localhost:3001/");
});
