import { PassThrough } from "node:stream";
import { describe, expect, test } from "vitest";
import { RelayControl } from "./control";

/** The answers' pipe can carry lines the command wrote (it runs as the relay's user): they must never throw. */
describe("RelayControl", () => {
  test("lines of the wrong shape are ignored; the relay's own still count", async () => {
    const output = new PassThrough();
    const control = new RelayControl(new PassThrough(), output);
    const uncaught: unknown[] = [];
    const onError = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onError);
    try {
      output.write('{"op":"collected","files":1}\n');
      output.write('{"op":"collected"}\nnot json\n{"op":"listening","port":"80; rm -rf /"}\nnull\n');
      output.write('{"op":"listening","port":4321}\n');
      await expect(control.listening).resolves.toBe(4321);
      expect(control.collected).toBeNull();
    } finally {
      process.off("uncaughtException", onError);
    }
    expect(uncaught).toEqual([]);
  });

  test("a line longer than the longest kept is dropped, not held in memory; the next lines still count", async () => {
    const output = new PassThrough();
    const control = new RelayControl(new PassThrough(), output, 1000);
    output.write(`{"op":"listening","port":1,"pad":"${"x".repeat(5000)}`);
    output.write(`${"y".repeat(5000)}"}\n{"op":"listening","port":4322}\n`);
    await expect(control.listening).resolves.toBe(4322);
  });
});
