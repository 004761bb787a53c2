import { create as createPlain } from "jsondiffpatch";
import { create, type Delta } from "jsondiffpatch/with-text-diffs";
import { describe, expect, it } from "vitest";
import { applyPartsDelta, diffParts, isKnownPart, PartsDeltaError } from "./parts";
import type { Part } from "./schemas";
import { allKindsOfParts } from "./testing/fixtures";
import { randomSnapshots, streamedMessageSnapshots } from "./testing/part-snapshots";

/** jsondiffpatch's own mutating patch: the reference behaviour (text diffs on, as some deployments send them). */
const reference = create();
/** What the real service's official client applies deltas with: no text-diff plugin. */
const officialClient = createPlain({});
const clone = <T>(v: T): T => structuredClone(v);

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const text = (t: string): Part => ({ type: "text", text: t });

describe("diffParts", () => {
  it("returns undefined for equal arrays and a standard array delta otherwise", () => {
    const a = [text("hello")];
    expect(diffParts(a, [text("hello")])).toBeUndefined();
    expect(diffParts([], [])).toBeUndefined();
    expect(diffParts(a, [...a, text("x")])).toEqual({ _t: "a", 1: [{ type: "text", text: "x" }] });
  });

  it("produces plain deltas: a changed string is [old, new], no text diff", () => {
    const long = "x".repeat(100);
    const delta = diffParts([text(long)], [text(long + " more")]);
    expect(delta).toEqual({ _t: "a", 0: { text: [long, long + " more"] } });
    expect(officialClient.patch([text(long)], delta as Delta)).toEqual([text(long + " more")]);
  });

  it("replaces whole strings, also when a string holds a lone surrogate", () => {
    const long = "y".repeat(100);
    for (const [before, after] of [
      [long, long + "\ud83d"], // diff-match-patch alone would emit an empty patch here
      [long + "😀" + long, long + "\ud83d" + long + "!"], // and throw URIError here
      [long + "\ude00", long + "\ude00 and more"],
    ]) {
      const prev = [text(before!)];
      const next = [text(after!)];
      const delta = diffParts(prev, next);
      expect(delta).toEqual({ _t: "a", 0: { text: [before, after] } });
      expect(applyPartsDelta(prev, JSON.parse(JSON.stringify(delta)))).toEqual(next);
    }
  });
});

describe("applyPartsDelta", () => {
  for (const share of [true, false]) {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      it(`matches jsondiffpatch's patch on random sequences (seed ${seed}, ${share ? "shared" : "cloned"} snapshots)`, () => {
        const snapshots = randomSnapshots(seed, 150, share);
        let consumer: Part[] = [];
        let viaJson: Part[] = [];
        let textDeltas = 0;
        let moves = 0;
        let official: Part[] = [];
        for (let n = 1; n < snapshots.length; n++) {
          const prevSnap = snapshots[n - 1]!;
          const next = snapshots[n]!;
          const delta = diffParts(prevSnap, next);
          const serialized = JSON.stringify(delta ?? null);
          expect(serialized).not.toContain(",0,2]"); // the producer sends no text diffs
          if (serialized.includes(",3]")) moves++;

          const expected = reference.patch(clone(consumer), clone(delta) as Delta);
          const before = JSON.stringify(consumer);
          deepFreeze(consumer);
          deepFreeze(delta); // any mutation of input or delta would throw
          const result = applyPartsDelta(consumer, delta);
          expect(JSON.stringify(consumer)).toBe(before);
          expect(JSON.stringify(delta ?? null)).toBe(serialized);
          expect(result).toEqual(expected);
          expect(result).toEqual(next);

          // the real service's official client (plain jsondiffpatch, after the wire) rebuilds the same parts
          if (delta !== undefined) official = officialClient.patch(official, JSON.parse(serialized) as Delta) as Part[];
          expect(official).toEqual(next);

          // a deployment that sends text diffs: the same consumer applies them too
          const withText = reference.diff(clone(prevSnap), clone(next));
          if (JSON.stringify(withText ?? null).includes(",0,2]")) textDeltas++;
          expect(
            applyPartsDelta(clone(prevSnap), withText === undefined ? undefined : JSON.parse(JSON.stringify(withText))),
          ).toEqual(next);

          // identity: a part the producer left untouched is the very same object for the consumer
          if (share) {
            next.forEach((part, i) => {
              const j = prevSnap.indexOf(part);
              if (j >= 0) expect(result[i]).toBe(consumer[j]);
            });
          }
          if (delta === undefined) expect(result).toBe(consumer);

          // the same delta after the wire (JSON) gives the same parts
          viaJson = applyPartsDelta(viaJson, delta === undefined ? undefined : JSON.parse(serialized));
          expect(viaJson).toEqual(next);
          consumer = result;
        }
        expect(textDeltas).toBeGreaterThan(0);
        if (share) expect(moves).toBeGreaterThan(0);
      });
    }
  }

  it("keeps unchanged parts and unchanged nested values by reference", () => {
    const prev: Part[] = [
      text("a"),
      { type: "tool-call", name: "t", input: { deep: { x: 1 } }, output: [1, 2] },
      { type: "bash", command: "ls", output: "" },
    ];
    const next = structuredClone(prev);
    (next[1] as Record<string, unknown>).status = "ok";
    const result = applyPartsDelta(prev, diffParts(prev, next));
    expect(result).not.toBe(prev);
    expect(result[0]).toBe(prev[0]);
    expect(result[2]).toBe(prev[2]);
    expect(result[1]).not.toBe(prev[1]);
    expect((result[1] as { input: unknown }).input).toBe((prev[1] as { input: unknown }).input);
    expect(prev[1]).not.toHaveProperty("status");
  });

  it("reconstructs a long streamed message (text deltas, growing output)", () => {
    const snapshots = streamedMessageSnapshots({ parts: 30, deltas: 200, seed: 9 });
    let parts: Part[] = [];
    for (let n = 1; n < snapshots.length; n++) {
      parts = applyPartsDelta(parts, JSON.parse(JSON.stringify(diffParts(snapshots[n - 1]!, snapshots[n]!))));
    }
    expect(parts).toEqual(snapshots.at(-1));
  });

  it("applies moves and removals in jsondiffpatch's order", () => {
    const [a, b, c, d] = ["a", "b", "c", "d"].map(text) as [Part, Part, Part, Part];
    const prev = [a, b, c, d];
    for (const next of [
      [d, c, b, a],
      [b, d],
      [c, a, text("new"), d],
      [text("z"), a, c],
    ]) {
      const delta = diffParts(prev, next);
      expect(applyPartsDelta(prev, delta)).toEqual(next);
      expect(applyPartsDelta(prev, delta)).toEqual(reference.patch(clone(prev), clone(delta) as Delta));
    }
    expect(prev).toEqual([a, b, c, d]);
  });

  const longText = "The quick brown fox jumps over the lazy dog. ".repeat(3);
  const base: Part[] = [text(longText), { type: "file-read", paths: ["a.ts", "b.ts"] }];
  // A text diff as a deployment with the text-diff plugin sends it.
  const growDelta = reference.diff([text(longText)], [text(longText + "more")]) as unknown as Record<
    string,
    { text: unknown[] }
  >;
  const textPatch = growDelta["0"]!.text[0] as string;

  const malformed: [string, unknown][] = [
    ["a number", 5],
    ["null", null],
    ["a string", "oops"],
    ["an object delta at the top", { 0: { text: ["a", "b"] } }],
    ["an unknown _t", { _t: "x", 0: [text("a")] }],
    ["a removal beyond the end", { _t: "a", _5: [text("a"), 0, 0] }],
    ["an insertion beyond the end", { _t: "a", 7: [text("late")] }],
    ["a modification beyond the end", { _t: "a", 2: { text: ["a", "b"] } }],
    ["an insertion at a removal key", { _t: "a", _0: [text("a")] }],
    ["a move without destination", { _t: "a", _0: ["", "two", 3] }],
    ["a move outside an array", { _t: "a", 0: ["", 1, 3] }],
    ["a non-canonical index", { _t: "a", "01": { text: ["a", "b"] } }],
    ["a leaf of four items", { _t: "a", 0: { text: [1, 2, 3, 4] } }],
    ["an unknown leaf kind", { _t: "a", 0: { text: ["a", 0, 7] } }],
    ["a text diff that does not match", { _t: "a", 0: { text: ["@@ -1,8 +1,9 @@\n-zzzzzzzz\n+yyyyyyyyy\n", 0, 2] } }],
    ["a text diff that is garbage", { _t: "a", 0: { text: ["garbage", 0, 2] } }],
    ["a text diff on an array", { _t: "a", 1: { paths: [textPatch, 0, 2] } }],
    ["an object delta on a string", { _t: "a", 0: { text: { a: [1] } } }],
    ["an object delta on a missing field", { _t: "a", 0: { extra: { a: [1] } } }],
    ["an array delta on an object", { _t: "a", 0: { _t: "a", 0: [1] } }],
    ["a modification removing an item", { _t: "a", 0: [text("x"), 0, 0] }],
    ["a part replaced by a number", { _t: "a", 0: [text("x"), 5] }],
    ["a part without type", { _t: "a", 2: [{ text: "no type" }] }],
    ["a whole-array replacement by a non-array", [base, { parts: [] }]],
    [
      "a valid change followed by an invalid one",
      { _t: "a", 0: { text: [longText, "short"] }, 1: { paths: { _t: "a", 9: ["x"] } } },
    ],
  ];
  for (const [name, delta] of malformed) {
    it(`throws PartsDeltaError for ${name}, leaving the input untouched`, () => {
      const input = structuredClone(base);
      const before = JSON.stringify(input);
      deepFreeze(input);
      expect(() => applyPartsDelta(input, delta)).toThrow(PartsDeltaError);
      expect(JSON.stringify(input)).toBe(before);
    });
  }

  it("applies a real text delta and names the path when one fails", () => {
    const grown = applyPartsDelta(base, { _t: "a", 0: { text: [textPatch, 0, 2] } });
    expect((grown[0] as { text: string }).text).toBe(longText + "more");
    expect(grown[1]).toBe(base[1]);
    const stale = [text("something else entirely, nothing like the original text at all....")];
    expect(() => applyPartsDelta(stale, { _t: "a", 0: { text: [textPatch, 0, 2] } })).toThrow(
      /parts\[0\]\.text: text patch failed/,
    );
  });

  it("applies the string-append form [[...arrayIndexes, text], 9, 9], immutably", () => {
    const parts = deepFreeze([{ type: "x-table", rows: [["a", "b"], ["c"]] } as Part, text("t")]);
    const grown = applyPartsDelta(parts, { _t: "a", 0: { rows: [[1, 0, "dd"], 9, 9] } });
    expect(grown[0]).toEqual({ type: "x-table", rows: [["a", "b"], ["cdd"]] });
    expect((grown[0] as unknown as { rows: unknown[] }).rows[0]).toBe(
      (parts[0] as unknown as { rows: unknown[] }).rows[0],
    );
    expect(grown[1]).toBe(parts[1]);
    // no indexes: the string at the position itself
    expect(applyPartsDelta([text("ab")], { _t: "a", 0: { text: [["c"], 9, 9] } })).toEqual([text("abc")]);
    expect(() => applyPartsDelta([text("ab")], { _t: "a", 0: { text: [[0, "c"], 9, 9] } })).toThrow(PartsDeltaError);
    expect(() => applyPartsDelta([text("ab")], { _t: "a", 0: { text: [[5], 9, 9] } })).toThrow(PartsDeltaError);
  });

  it("returns the same array for an undefined or empty delta", () => {
    expect(applyPartsDelta(base, undefined)).toBe(base);
    expect(applyPartsDelta(base, { _t: "a" })).toBe(base);
  });
});

describe("isKnownPart", () => {
  it("narrows the eight kinds and leaves unknown kinds out", () => {
    const texts: string[] = [];
    for (const part of [...allKindsOfParts(), { type: "future-kind", text: 1 } as Part]) {
      if (!isKnownPart(part)) {
        expect(part.type).toBe("future-kind");
        continue;
      }
      if (part.type === "text" || part.type === "thinking") texts.push(part.text); // typed as string
    }
    expect(texts).toHaveLength(2);
  });
});
