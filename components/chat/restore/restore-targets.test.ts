import { describe, expect, it } from "vitest";
import type { Message, Part } from "@/lib/api/schemas";
import { restoreTargetsOf } from "./restore-targets";

let n = 0;
const msg = (role: "user" | "assistant", parts: Part[] = [], extra: Partial<Message> = {}): Message => ({
  id: `m${++n}`,
  chatId: "c",
  role,
  createdAt: "2026-11-26T00:00:00Z",
  updatedAt: "2026-11-26T00:00:00Z",
  content: "",
  parts,
  finishReason: "stop",
  ...extra,
});
const edit = (operation: string, path: string, toPath?: string) =>
  ({ type: "file-edit", operation, path, ...(toPath ? { toPath } : {}) }) as Part;

describe("restoreTargetsOf", () => {
  it("offers every restorable answer but the newest, with what the later answers touched", () => {
    const first = msg("assistant", [edit("create", "index.html"), edit("create", "app.js")], { restorable: true });
    const second = msg("assistant", [edit("update", "app.js"), edit("create", "reset.js")], { restorable: true });
    const talk = msg("assistant", [], { restorable: false });
    const third = msg("assistant", [edit("delete", "index.html"), edit("rename", "reset.js", "lib/reset.js")], {
      restorable: true,
    });
    const targets = restoreTargetsOf([msg("user"), first, msg("user"), second, talk, msg("user"), third]);
    expect([...targets.keys()]).toEqual([first.id, second.id]);
    expect(targets.get(first.id)!.changes).toEqual([
      { path: "app.js", change: "changed" },
      { path: "index.html", change: "deleted" },
      { path: "lib/reset.js", change: "created" },
      // made and removed by later answers: nothing to undo
    ]);
    expect(targets.get(second.id)!.changes).toEqual([
      { path: "index.html", change: "deleted" },
      { path: "lib/reset.js", change: "created" },
      { path: "reset.js", change: "deleted" },
    ]);
  });

  it("nothing while fewer than two answers made versions, or the newest is still generating", () => {
    const only = msg("assistant", [edit("create", "a.js")], { restorable: true });
    expect(restoreTargetsOf([only]).size).toBe(0);
    const generating = msg("assistant", [], { restorable: true, finishReason: null });
    expect(restoreTargetsOf([only, generating]).size).toBe(0);
  });

  it("reads parts it does not know, or without a path, as no change", () => {
    const first = msg("assistant", [edit("create", "a.js")], { restorable: true });
    const odd = msg("assistant", [{ type: "file-edit" } as Part, { type: "hologram" } as unknown as Part], {
      restorable: true,
    });
    expect(restoreTargetsOf([first, odd]).get(first.id)!.changes).toEqual([]);
  });
});
