import { describe, expect, test } from "vitest";
import { findUnstorableText, unstorableReason } from "./text";

describe("text the database cannot store", () => {
  test("NUL and lone surrogates are refused; other control characters and paired surrogates are fine", () => {
    expect(unstorableReason("a\u0000b")).toMatch(/NUL/);
    expect(unstorableReason("a\ud800b")).toMatch(/surrogate/);
    expect(unstorableReason("a\udc00")).toMatch(/surrogate/);
    expect(unstorableReason("\u0001\u001b\u007f\t\n😀")).toBeNull();
  });

  test("the JSON path of the first offending string or key", () => {
    expect(findUnstorableText({ message: "ok", metadata: { foo: "x\u0000" } })).toMatchObject({ path: "metadata.foo" });
    expect(findUnstorableText({ files: [{}, {}, {}, { name: "a", content: "\ud83d" }] })).toMatchObject({
      path: "files[3].content",
    });
    expect(findUnstorableText({ metadata: { "a b": "\u0000" } })).toMatchObject({ path: 'metadata["a b"]' });
    expect(findUnstorableText({ metadata: { "k\u0000": "v" } })).toMatchObject({
      path: "metadata",
      reason: expect.stringMatching(/^keys/),
    });
    expect(findUnstorableText("\u0000")).toMatchObject({ path: "body" });
    expect(findUnstorableText({ a: [1, true, null, "fine"] })).toBeNull();
  });
});
