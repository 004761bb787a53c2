// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render } from "@testing-library/react";
import { Profiler, type ProfilerOnRenderCallback } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { applyPartsDelta, diffParts } from "@/lib/api/parts";
import type { Message, Part } from "@/lib/api/schemas";
import { allKindsOfParts, sampleMessage } from "@/lib/api/testing/fixtures";
import type { TimelineEntry } from "@/lib/hooks/merge-timeline";
import { MessageView } from "./message-view";
import { PartRenderProbe } from "./parts/render-probe";

afterEach(cleanup);

/** A message of `n` parts cycling through the eight kinds (text without code fences: no async highlighting). */
function manyParts(n: number): Part[] {
  const kinds = allKindsOfParts();
  return Array.from({ length: n }, (_, i) => {
    const at = (s: number) => new Date(Date.UTC(2025, 0, 1, 12, 0, 0, 0) + s * 100).toISOString();
    return { ...kinds[i % kinds.length]!, startedAt: at(i), finishedAt: at(i + 1) } as Part;
  });
}

const entryOf = (message: Message, streaming = true): TimelineEntry => ({
  key: message.id,
  message,
  live: true,
  streaming,
});

/** Renders the message and counts, per part, how often it rendered; applies real jsondiffpatch deltas. */
function harness(n: number) {
  const renders = new Map<string, number>();
  const times = { mount: 0, update: 0 };
  const onPart: ProfilerOnRenderCallback = (id) => renders.set(id, (renders.get(id) ?? 0) + 1);
  const onMessage: ProfilerOnRenderCallback = (_id, phase, actual) => {
    if (phase === "mount") times.mount = actual;
    else times.update += actual;
  };
  let message: Message & { parts: Part[] } = {
    ...sampleMessage({ finishReason: null, content: "" }),
    parts: manyParts(n),
  };
  const view = () => (
    <PartRenderProbe.Provider value={onPart}>
      <Profiler id="message" onRender={onMessage}>
        <MessageView entry={entryOf(message)} />
      </Profiler>
    </PartRenderProbe.Provider>
  );
  const utils = render(view());
  const mountRenders = [...renders.values()].reduce((a, b) => a + b, 0);
  const rerender = (parts: Part[]) => {
    message = { ...message, parts };
    renders.clear();
    times.update = 0;
    utils.rerender(view());
    return { renders: new Map(renders), ms: times.update };
  };
  return {
    mountRenders,
    mountMs: times.mount,
    /** Applies the jsondiffpatch delta from the current parts to `next(parts)` (structural sharing) and re-renders. */
    delta: (next: (parts: Part[]) => Part[]) =>
      rerender(applyPartsDelta(message.parts, diffParts(message.parts, next([...message.parts])))),
    /** What cloning every part per delta would cost instead (the thing to avoid). */
    cloneAll: () => rerender(message.parts.map((p) => ({ ...p }))),
  };
}

const withText = (parts: Part[], i: number, extra: string) => {
  const next = [...parts];
  const part = next[i] as Part & { text: string };
  next[i] = { ...part, text: part.text + extra } as Part;
  return next;
};

describe("render work per delta", () => {
  const figures: string[] = [];
  afterEach(() => {
    if (figures.length) console.log(`[render-per-delta] ${figures.splice(0).join("; ")}`);
  });

  for (const n of [30, 300]) {
    it(`a delta to one part of a ${n}-part message re-renders only that part`, () => {
      const h = harness(n);
      expect(h.mountRenders).toBe(n);

      // A text delta to a text part in the middle.
      const middle = Math.floor(n / 2 / 8) * 8 + 7;
      const one = h.delta((parts) => withText(parts, middle, " more words"));
      expect([...one.renders.entries()]).toEqual([[`part-${middle}`, 1]]);

      // A delta to the last part (a text part: n is a multiple of 8).
      const last = h.delta((parts) => withText(parts, n - 1, " and the end"));
      expect([...last.renders.entries()]).toEqual([[`part-${n - 1}`, 1]]);

      // A new part appended: only it renders (mounts).
      const appended = h.delta((parts) => [
        ...parts,
        { type: "bash", command: "npm test", startedAt: "2025-01-01T12:10:00Z" } as Part,
      ]);
      expect([...appended.renders.entries()]).toEqual([[`part-${n}`, 1]]);

      // Without structural sharing every part would render again.
      const cloned = h.cloneAll();
      expect(cloned.renders.size).toBe(n + 1);

      figures.push(
        `${n} parts: mount ${h.mountRenders} part renders (${h.mountMs.toFixed(1)} ms); text delta mid-message → ${one.renders.size} part render (${one.ms.toFixed(2)} ms); ` +
          `delta to last part → ${last.renders.size} (${last.ms.toFixed(2)} ms); append → ${appended.renders.size}; clone-all baseline → ${cloned.renders.size} (${cloned.ms.toFixed(1)} ms)`,
      );
    });
  }

  it("leaves other messages of the timeline alone when one streams", () => {
    let count = 0;
    const probe: ProfilerOnRenderCallback = () => count++;
    const done = sampleMessage({ id: "msg_done", parts: manyParts(16) });
    let live: Message & { parts: Part[] } = {
      ...sampleMessage({ id: "msg_live", finishReason: null }),
      parts: manyParts(8),
    };
    // mergeTimeline builds new entry objects on every delta; the finished message keeps its message object.
    const view = () => (
      <PartRenderProbe.Provider value={probe}>
        <MessageView entry={entryOf(done, false)} />
        <MessageView entry={entryOf(live)} />
      </PartRenderProbe.Provider>
    );
    const { rerender } = render(view());
    expect(count).toBe(24);
    live = { ...live, parts: applyPartsDelta(live.parts, diffParts(live.parts, withText(live.parts, 7, "!"))) };
    count = 0;
    rerender(view());
    expect(count).toBe(1);
  });
});
