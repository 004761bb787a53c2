import { describe, expect, test } from "vitest";
import { systemPrompt } from "./prompt";

describe("the model's system prompt says what the preview runs", () => {
  test("without the app runtime: a static app, no npm packages", () => {
    const prompt = systemPrompt([], undefined);
    expect(prompt).toContain("no build step and no npm packages");
    expect(prompt).not.toContain("{{");
  });

  test("with it: a package.json with a dev or start script runs, listening on PORT", () => {
    const prompt = systemPrompt([], undefined, [], [], true);
    expect(prompt).not.toContain("no npm packages");
    expect(prompt).toContain("`dev` script (else `start`)");
    expect(prompt).toContain("PORT");
  });
});
