import "server-only";
import { spawn } from "node:child_process";

/** GNU du (coreutils). */
const DU = "/usr/bin/du";

/** What a copy uses of the disk: its bytes, or why it could not be measured. */
export type DiskUse = { bytes: number } | { unreadable: string };

/**
 * The disk a sandbox's folders use together (blocks, as the disk counts them: a thousand empty files count), measured
 * from the server with GNU du: it never follows a symbolic link and descends with `openat` (fts), so a link or a
 * folder swapped for one while it walks leads nowhere outside. Not through the relay inside: the command can write
 * into the relay's answers (its fd 5) and would answer a size of its choosing. A folder du cannot read (one the
 * command made unreadable to hide what is in it) makes the copy unreadable, never smaller.
 */
export function diskUse(dirs: readonly string[]): Promise<DiskUse> {
  return new Promise((resolve) => {
    const child = spawn(DU, ["-s", "-c", "-x", "-B1", "--", ...dirs], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => {
      if (err.length < 4096) err += chunk.toString();
    });
    child.on("error", (error) => resolve({ unreadable: error.message }));
    child.on("close", (code) => {
      const total = Number(/^(\d+)\s+total$/m.exec(out)?.[1]);
      const denied = /Permission denied/.exec(err);
      // A folder of the copy gone meanwhile (removed by the command) is not an error: it uses nothing now.
      if (denied)
        resolve({
          unreadable:
            err
              .split("\n")
              .find((l) => l.includes("Permission denied"))
              ?.replace(/^du: /, "") ?? err,
        });
      else if (Number.isSafeInteger(total)) resolve({ bytes: total });
      else resolve({ unreadable: `du exited with ${code}: ${err.trim().slice(0, 200)}` });
    });
  });
}
