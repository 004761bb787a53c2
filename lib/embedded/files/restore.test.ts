import { describe, expect, test } from "vitest";
import { planRestore } from "./restore";

const file = (path: string, content: string, locked = false) => ({ path, content, encoding: "utf8" as const, locked });

describe("planRestore", () => {
  test("creates, updates and deletes to reach the version; unchanged files are left alone", () => {
    const plan = planRestore(
      [file("a.txt", "new"), file("b.txt", "same"), file("extra.txt", "x")],
      [file("a.txt", "old"), file("b.txt", "same"), file("c.txt", "gone")],
    );
    expect(plan.edits).toEqual([
      { path: "a.txt", operation: "update" },
      { path: "c.txt", operation: "create" },
      { path: "extra.txt", operation: "delete" },
    ]);
    expect(plan.writes.map((f) => f.path)).toEqual(["a.txt", "c.txt"]);
    expect(plan.deletes).toEqual(["extra.txt"]);
  });

  test("a file locked now stays locked; the others take the version's lock (a lock alone is no edit)", () => {
    const plan = planRestore(
      [file("a.txt", "new", true), file("b.txt", "same", false), file("c.txt", "same", true)],
      [file("a.txt", "old", false), file("b.txt", "same", true), file("c.txt", "same", false)],
    );
    expect(plan.edits).toEqual([{ path: "a.txt", operation: "update" }]);
    expect(plan.writes).toEqual([file("a.txt", "old", true), file("b.txt", "same", true)]);
  });

  test("an encoding change is an update; equal files plan nothing", () => {
    const same = [file("a.txt", "x")];
    expect(planRestore(same, same).edits).toEqual([]);
    const b64 = { ...file("a.txt", "x"), encoding: "base64" as const };
    expect(planRestore(same, [b64]).edits).toEqual([{ path: "a.txt", operation: "update" }]);
  });
});
