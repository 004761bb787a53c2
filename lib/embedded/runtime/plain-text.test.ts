import { describe, expect, test } from "vitest";
import { plainText } from "./plain-text";

describe("plainText", () => {
  test("takes out colours, cursor moves and titles, keeping the text and its lines", () => {
    const vite =
      "\n  \u001b[32m\u001b[1mVITE\u001b[22m v7.3.8\u001b[39m  \u001b[2mready in \u001b[0m\u001b[1m2078\u001b[22m\u001b[2m\u001b[0m ms\u001b[22m\n";
    expect(plainText(vite)).toBe("\n  VITE v7.3.8  ready in 2078 ms\n");
    expect(
      plainText(
        "\u001b[2K\u001b[1Gbuilding\u001b[?25l…\u001b]0;title\u0007 done\u001b]8;;http://x\u001b\\link\u001b]8;;\u001b\\",
      ),
    ).toBe("building… donelink");
    expect(plainText("\u001bcreset")).toBe("reset");
  });

  test("text without escapes is kept as it is", () => {
    const text = "Listening on port 3000\n[brackets] and 100% ~ ^\n";
    expect(plainText(text)).toBe(text);
  });
});
