import { afterAll, describe, expect, test } from "vitest";
import { createSandbox } from ".";
import type { SandboxVolume } from "./types";
import { bwrapUnavailable } from "./test-support";

/**
 * The disk limit (limits.diskMb; APP_DISK_MB for apps): the copy and HOME measured from the server (du), so what the
 * command writes into the relay's answers cannot make it look smaller; a command over it is ended, a fresh copy as a
 * volume's, while it runs and when it has exited.
 */
const sandbox = createSandbox({ limits: { timeMs: 20_000, diskMb: 2 } });
const volumes: SandboxVolume[] = [];
afterAll(() => Promise.all(volumes.map((v) => v.remove())));

const MB = (n: number) => `head -c ${n * 1024 * 1024} /dev/zero`;

describe.skipIf(bwrapUnavailable)("the disk limit", () => {
  test("under it nothing happens; a command whose copy ends over it is ended at the disk limit", async () => {
    const under = await sandbox.run({ command: `${MB(1)} > one.bin && echo done`, files: [] });
    expect(under).toMatchObject({ exitCode: 0, ended: null });
    const over = await sandbox.run({ command: `${MB(3)} > three.bin && echo done`, files: [] });
    expect(over.exitCode).toBeNull();
    expect(over.ended?.reason).toBe("disk");
    expect(over.ended?.message).toMatch(/^\[ended at the disk limit of 2 MB: its copy and HOME use [34] MB\]$/);
  });

  test("HOME counts, and a running process is ended while it runs (measured every diskCheckMs)", async () => {
    const volume = await sandbox.createVolume([]);
    volumes.push(volume);
    const proc = await sandbox.start({
      command: `${MB(3)} > "$HOME/big.bin"; exec sleep 30`,
      files: [],
      volume,
      limits: { timeMs: 0 },
      diskCheckMs: 100,
    });
    const result = await proc.exited;
    expect(result.ended?.reason).toBe("disk");
  });

  test("a folder the command made unreadable does not hide what is in it", async () => {
    // A server running as root reads it anyway; one that is not cannot, and ends the command as not measurable.
    const result = await sandbox.run({
      command: `mkdir hidden && ${MB(3)} > hidden/big.bin && chmod 000 hidden && echo done`,
      files: [],
    });
    expect(result.ended?.reason).toBe("disk");
    expect(result.ended?.message).toMatch(process.getuid?.() === 0 ? /use [34] MB/ : /could not be measured/);
  });

  test("answers written into the relay's answers pipe do not change the measure", async () => {
    const volume = await sandbox.createVolume([]);
    volumes.push(volume);
    const result = await sandbox.run({
      // The relay is the command's parent; its answers leave on fd 5 (docs/sandbox.md).
      command: `${MB(3)} > big.bin; for i in $(seq 1 50); do echo '{"op":"size","id":'$i',"bytes":0}' > /proc/$PPID/fd/5; done; sleep 1`,
      files: [],
      volume,
      diskCheckMs: 100,
    });
    expect(result.ended?.reason).toBe("disk");
  });
});
