import { create, type Delta } from "jsondiffpatch/with-text-diffs";
import { isDeepStrictEqual } from "node:util";
import { applyPartsDelta, diffParts } from "../lib/api/parts";
import type { Part } from "../lib/api/schemas";
import { streamedMessageSnapshots } from "../lib/api/testing/part-snapshots";
import { compare, contender, type BenchModule } from "./harness";

/**
 * Parts reconstruction: a streamed 300-part message as ~2,000 `message.parts.chunk` deltas, applied by
 * (a) raw jsondiffpatch `patch` on one mutable array (the floor), (b) applyPartsDelta (immutable snapshots
 * with structural sharing), (c) structuredClone of the whole array per delta, then `patch`.
 * jsondiffpatch's patch inserts values from the delta by reference and later mutates them, so every run
 * gets fresh deltas parsed from the wire text outside the timed region.
 */
export const partsReconstruction: BenchModule = {
  name: "parts",
  description: "message.parts.chunk reconstruction: 300 parts, ~2,000 deltas",
  run({ quick }) {
    const snapshots = streamedMessageSnapshots({ parts: 300, deltas: 2000, seed: 1 });
    const wire: string[] = [];
    for (let n = 1; n < snapshots.length; n++) {
      const delta = diffParts(snapshots[n - 1]!, snapshots[n]!);
      if (delta !== undefined) wire.push(JSON.stringify(delta));
    }
    const last = snapshots.at(-1)!;
    const freshDeltas = () => wire.map((w) => JSON.parse(w) as Delta);
    const differ = create();

    const floor = (deltas: Delta[]) => {
      let parts: unknown = [];
      for (const d of deltas) parts = differ.patch(parts, d);
      return parts;
    };
    const immutable = (deltas: Delta[]) => {
      let parts: Part[] = [];
      for (const d of deltas) parts = applyPartsDelta(parts, d);
      return parts;
    };
    const cloning = (deltas: Delta[]) => {
      let parts: unknown = [];
      for (const d of deltas) parts = differ.patch(structuredClone(parts), d);
      return parts;
    };

    // correctness before speed
    for (const [label, f] of [
      ["floor", floor],
      ["immutable", immutable],
      ["clone", cloning],
    ] as const) {
      if (!isDeepStrictEqual(f(freshDeltas()), last)) throw new Error(`${label} did not rebuild the last snapshot`);
    }

    const perDelta = (ms: number) => `${((ms * 1000) / wire.length).toFixed(2)} µs/delta`;
    const rows = compare(
      [
        contender({
          label: "(a) jsondiffpatch patch, one mutable array",
          prepare: freshDeltas,
          run: floor,
          note: perDelta,
        }),
        contender({
          label: "(b) applyPartsDelta, immutable snapshots",
          prepare: freshDeltas,
          run: immutable,
          note: perDelta,
        }),
        contender({
          label: "(c) structuredClone per delta + patch",
          prepare: freshDeltas,
          run: cloning,
          note: perDelta,
        }),
      ],
      quick ? { warmup: 1, repeats: 3 } : { warmup: 5, repeats: 21 },
    );
    const [a, b, c] = rows.map((r) => r.medianMs) as [number, number, number];
    const textDeltas = wire.filter((w) => w.includes(",0,2]")).length;
    return {
      facts: {
        deltas: wire.length,
        "deltas with text diffs": textDeltas,
        parts: last.length,
        "final parts JSON (KiB)": (JSON.stringify(last).length / 1024).toFixed(0),
        "wire deltas total (KiB)": (wire.reduce((n, w) => n + w.length, 0) / 1024).toFixed(0),
      },
      rows,
      ratios: [
        { label: "b/a (immutable vs floor)", value: b / a, max: 2 },
        { label: "c/a (clone vs floor)", value: c / a },
      ],
    };
  },
};
