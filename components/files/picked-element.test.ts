import { describe, expect, test } from "vitest";
import { chipLabel, pickedElementOf, withPickedElement } from "./picked-element";

const page = "http://pc.localhost:3001/index.html";
const report = (over: Partial<{ tag: string; selector: string; text: string; file: string }> = {}) => ({
  atelier: "preview-report" as const,
  kind: "picked" as const,
  tag: "button",
  selector: "main > form > button.primary.big:nth-of-type(2)",
  text: "Add tip",
  file: page,
  ...over,
});

describe("pickedElementOf", () => {
  test("resolves the page's URL, or a data-source naming one of the chat's files, to that file", () => {
    expect(pickedElementOf(report(), page, ["index.html", "app.js"]).file).toBe("index.html");
    expect(pickedElementOf(report({ file: "src/App.tsx:12" }), page, ["src/App.tsx"]).file).toBe("src/App.tsx");
    expect(pickedElementOf(report({ file: "./src/App.tsx" }), page, ["src/App.tsx"]).file).toBe("src/App.tsx");
  });

  test("leaves the file unknown when it is not one of the chat's", () => {
    expect(pickedElementOf(report(), page, ["app.js"]).file).toBeNull();
    expect(pickedElementOf(report({ file: "https://cdn.example/index.html" }), page, ["index.html"]).file).toBeNull();
    expect(pickedElementOf(report({ file: "Other.tsx" }), page, ["index.html"]).file).toBeNull();
  });
});

test("chipLabel: the selector's last step without its position, two names at most, and the text's start", () => {
  const el = pickedElementOf(report(), page, ["index.html"]);
  expect(chipLabel(el)).toBe("button.primary 'Add tip'");
  expect(chipLabel({ ...el, selector: "div#app", text: "" })).toBe("div#app");
  expect(chipLabel({ ...el, text: "x".repeat(50) })).toBe(`button.primary '${"x".repeat(30)}…'`);
});

test("withPickedElement names the element after the prompt", () => {
  const el = pickedElementOf(report(), page, ["index.html"]);
  const prompt = withPickedElement("Make it green", el);
  expect(prompt).toMatch(/^Make it green\n\nThe element I mean, picked in the preview: /);
  expect(prompt).toContain("`main > form > button.primary.big:nth-of-type(2)`");
  expect(prompt).toContain('with the text "Add tip"');
  expect(prompt).toContain("in index.html");
  expect(withPickedElement("x", { ...el, text: "", file: null })).not.toMatch(/with the text|in index/);
});
