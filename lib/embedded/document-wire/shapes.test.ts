import { describe, expect, test } from "vitest";
import { toDocumentShapes } from "./shapes";

describe("toDocumentShapes", () => {
  test("renames the hosting project, drops usage.model and toolDisplayName, at any depth", () => {
    const usage = { model: "svc-pro", tokens: { input: 1 }, creditsCost: { total: 0 } };
    const value = {
      chats: [{ id: "c", hostProjectId: "hp_1" }],
      usage,
      parts: [
        {
          type: "tool-call",
          toolDisplayName: "Check",
          suggestedPermissions: [{ toolName: "x", toolDisplayName: "X" }],
        },
      ],
    };
    expect(toDocumentShapes(value)).toEqual({
      chats: [{ id: "c", vercelProjectId: "hp_1" }],
      usage: { tokens: { input: 1 }, creditsCost: { total: 0 } },
      parts: [{ type: "tool-call", suggestedPermissions: [{ toolName: "x" }] }],
    });
    expect(usage.model).toBe("svc-pro"); // the input is not changed
  });

  test("never walks into what people or the agent wrote: metadata, a tool's input and output, file contents", () => {
    const value = {
      metadata: { hostProjectId: "kept" },
      parts: [{ type: "tool-call", input: { hostProjectId: "kept", model: "m", tokens: {}, creditsCost: {} } }],
      files: [{ path: "a.json", content: '{"hostProjectId": 1}' }],
    };
    expect(toDocumentShapes(value)).toEqual(value);
  });

  test("a usage-like object without both token and cost counts keeps its model", () => {
    expect(toDocumentShapes({ model: "svc-pro", name: "x" })).toEqual({ model: "svc-pro", name: "x" });
  });
});
