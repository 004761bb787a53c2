import { describe, expect, test } from "vitest";
import { jsonEqual } from "./deep-equal";
import {
  integrationRequestPart,
  pendingRequestOf,
  permissionRequestPart,
  answerIntegrations,
  answerPermissions,
  outcomeOf,
} from "./requests";
import { judgeResolve } from "./rules";

const blocked = (part: ReturnType<typeof integrationRequestPart> | ReturnType<typeof permissionRequestPart>) => ({
  role: "assistant" as const,
  finishReason: "tool-calls" as const,
  parts: [{ type: "text", text: "…" }, part],
});

describe("jsonEqual", () => {
  test("ignores key order, not array order or types", () => {
    expect(jsonEqual({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: "1" })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual({ a: null }, {})).toBe(false);
    expect(jsonEqual({ a: undefined }, {})).toBe(true);
    expect(jsonEqual([], {})).toBe(false);
  });
});

describe("requests and rules", () => {
  test("an integration request: pending until answered; names as requested, a subset, or none", () => {
    const message = blocked(integrationRequestPart(["Stripe", "Neon"], ["Linear"]));
    const pending = pendingRequestOf(message)!;
    expect(pending).toEqual({
      kind: "integrations",
      index: 1,
      requestedIntegrations: ["Stripe", "Neon"],
      requestedMcpPresets: ["Linear"],
    });
    expect(
      judgeResolve(pending, { type: "confirmed-steps", connectedIntegrationNames: ["Linear", "Stripe", "Stripe"] }),
    ).toEqual({
      kind: "integrations",
      index: 1,
      connected: ["Stripe", "Linear"],
    });
    expect(() => judgeResolve(pending, { type: "confirmed-steps", connectedIntegrationNames: ["neon"] })).toThrow(
      /exactly as requested/,
    );
    const answered = { ...message, parts: answerIntegrations(message.parts, 1, []) };
    expect(pendingRequestOf(answered)).toBeNull();
    expect(outcomeOf(answered)).toEqual({
      kind: "integrations",
      requested: ["Stripe", "Neon", "Linear"],
      connected: [],
      rejectedBy: "user",
    });
  });

  test("a permission request: equal permissions approve; the other type addresses an older request (409 stale_task); nothing pending is 409", () => {
    const message = blocked(permissionRequestPart("scripts/seed.ts"));
    const pending = pendingRequestOf(message)!;
    if (pending.kind !== "permissions") expect.fail();
    expect(
      judgeResolve(pending, {
        type: "confirmed-permissions",
        permissions: structuredClone(pending.suggestedPermissions),
      }),
    ).toEqual({
      kind: "permissions",
      index: 1,
    });
    expect(() => judgeResolve(pending, { type: "confirmed-steps", connectedIntegrationNames: [] })).toThrow(
      expect.objectContaining({ status: 409, code: "stale_task" }),
    );
    expect(() => judgeResolve(null, { type: "confirmed-steps", connectedIntegrationNames: [] })).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    const rejected = { ...message, parts: answerPermissions(message.parts, 1, false) };
    expect(rejected.parts[1]).not.toHaveProperty("suggestedPermissions");
    expect(outcomeOf(rejected)).toMatchObject({
      kind: "permissions",
      approved: false,
      rejectedBy: "new-message",
      path: "scripts/seed.ts",
    });
  });

  test("permissions passed back without their display label (the document's shape) still match; other changes do not", () => {
    const pending = pendingRequestOf(blocked(permissionRequestPart("scripts/seed.ts")))!;
    if (pending.kind !== "permissions") expect.fail();
    expect(pending.suggestedPermissions[0]).toHaveProperty("toolDisplayName");
    const unlabelled = pending.suggestedPermissions.map(({ toolDisplayName: _label, ...rest }) => rest);
    expect(judgeResolve(pending, { type: "confirmed-permissions", permissions: unlabelled as never })).toEqual({
      kind: "permissions",
      index: 1,
    });
    const tampered = unlabelled.map((p) => ({ ...p, toolName: "other_tool" }));
    expect(() => judgeResolve(pending, { type: "confirmed-permissions", permissions: tampered as never })).toThrow(
      expect.objectContaining({ status: 409, code: "permissions_mismatch" }),
    );
  });

  test("a message that finished normally waits on nothing", () => {
    expect(pendingRequestOf({ ...blocked(permissionRequestPart("a.sh")), finishReason: "stop" })).toBeNull();
    expect(pendingRequestOf({ role: "assistant", finishReason: "tool-calls", parts: [] })).toBeNull();
  });
});
