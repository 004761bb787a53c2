import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { createSandbox } from ".";
import { bwrapUnavailable } from "./test-support";

/**
 * What the app runtime (issue 41) needs of the sandbox: a copy kept between commands (a volume) and written into only
 * inside a sandbox, a running process's copy changed while it runs, its port found when it is not PORT, a folder read
 * back after a command, and a persistent cache mounted read-only unless a step may write it.
 */
const sandbox = createSandbox({ limits: { timeMs: 20_000 } });
const outside = mkdtempSync(path.join(tmpdir(), "atelier-outside-"));
chmodSync(outside, 0o755); // a folder the sandbox's user may pass through (the cache is made in it)
afterAll(() => rmSync(outside, { recursive: true, force: true }));

const get = (socketPath: string, at: string) =>
  new Promise<string>((resolve, reject) =>
    http
      .get({ socketPath, path: at }, (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve(text));
      })
      .on("error", reject),
  );

describe.skipIf(bwrapUnavailable)("a volume: a copy kept between commands", () => {
  test("it outlives each command; files given later are written into it, and removed, inside the sandbox", async () => {
    const volume = await sandbox.createVolume([{ path: "a.txt", content: "first" }]);
    try {
      let r = await sandbox.run({ command: "cat a.txt; echo made > made.txt", files: [], volume });
      expect(r.output).toBe("first");
      r = await sandbox.run({
        command: "cat made.txt b/c.txt; ls",
        files: [{ path: "b/c.txt", content: new TextEncoder().encode("bytes") }],
        remove: ["a.txt"],
        volume,
      });
      expect(r.output).toBe("made\nbytesb\nmade.txt\n");
    } finally {
      await volume.remove();
    }
  });

  test("a symbolic link the command left leads only into the sandbox's view when the server writes through it", async () => {
    const volume = await sandbox.createVolume([]);
    try {
      // A folder of the host (the server could write there), linked from the copy; and /etc, read-only inside.
      await sandbox.run({ command: `ln -s ${outside} host && ln -s /etc etc`, files: [], volume });
      const r = await sandbox.run({
        command: "echo ran",
        files: [
          { path: "host/planted.txt", content: "x" },
          { path: "etc/planted.txt", content: "x" },
        ],
        volume,
      });
      expect(r.output).toBe("ran\n");
      expect(readdirSync(outside)).toEqual([]);
    } finally {
      await volume.remove();
    }
  });
});

describe.skipIf(bwrapUnavailable)("a running process's copy and port", () => {
  test("files written while it runs reach it; paths out of the copy are refused; the app is found on its own port", async () => {
    const volume = await sandbox.createVolume([
      { path: "message.txt", content: "one" },
      {
        path: "server.js",
        // Listens on 5173 whatever PORT says (as Vite does), and answers with the file's content read each time.
        content: `require("node:http").createServer((q, s) => s.end(require("node:fs").readFileSync("message.txt", "utf8"))).listen(5173, "127.0.0.1");`,
      },
    ]);
    const app = await sandbox.start({ command: "node server.js", files: [], volume, port: 3000 });
    try {
      expect(await app.listening).toBe(5173);
      expect(await get(app.socketPath!, "/")).toBe("one");
      expect(await app.writeFiles([{ path: "message.txt", content: "two" }])).toEqual([]);
      expect(await get(app.socketPath!, "/")).toBe("two");
      const refused = await app.writeFiles([{ path: "../escape.txt", content: "x" }], ["/etc/passwd"]);
      expect(refused).toEqual([
        '/etc/passwd: not a path of the copy: "/etc/passwd"',
        '../escape.txt: not a path of the copy: "../escape.txt"',
      ]);
      expect(await app.size()).toBeGreaterThan(100);
    } finally {
      await app.stop();
    }
    expect(await app.writeFiles([{ path: "late.txt", content: "x" }])).toEqual([
      "the sandbox has ended: nothing was written",
    ]);
    await volume.remove();
  });

  test("the command holds neither of the relay's control descriptors", async () => {
    const volume = await sandbox.createVolume([]);
    try {
      const r = await sandbox.run({
        command: "test -e /proc/self/fd/3 || echo no-3; test -e /proc/self/fd/4 || echo no-4",
        files: [],
        volume,
      });
      expect(r.output).toBe("no-3\nno-4\n");
    } finally {
      await volume.remove();
    }
  });
});

describe.skipIf(bwrapUnavailable)("collect and the cache", () => {
  test("a folder's regular files come back after the command; symbolic links do not; the first folder that exists", async () => {
    const r = await sandbox.run({
      command:
        "mkdir -p dist/assets && echo page > dist/index.html && echo js > dist/assets/a.js && ln -s /etc/hostname dist/link",
      files: [],
      collect: { dirs: ["out", "dist"], maxFiles: 10, maxBytes: 1000 },
    });
    expect(r.collected?.dir).toBe("dist");
    expect(r.collected?.error).toBeNull();
    const files = Object.fromEntries(
      r.collected!.files.map((f) => [f.path, Buffer.from(f.content as Uint8Array).toString()]),
    );
    expect(files).toEqual({ "index.html": "page\n", "assets/a.js": "js\n" });
    const tooMany = await sandbox.run({
      command: "mkdir dist && for i in 1 2 3; do echo $i > dist/$i; done",
      files: [],
      collect: { dirs: ["dist"], maxFiles: 2, maxBytes: 1000 },
    });
    expect(tooMany.collected).toMatchObject({ dir: "dist", files: [], error: "more than 2 files in dist" });
  });

  test("the cache is read-only unless the step may write it, and what one step wrote the next one reads", async () => {
    const dir = path.join(outside, "cache");
    const writer = await sandbox.run({
      command: "echo kept > /cache/entry && echo wrote",
      files: [],
      cache: { dir, writable: true },
    });
    expect(writer.output).toBe("wrote\n");
    const reader = await sandbox.run({
      command: "cat /cache/entry; echo no > /cache/entry || echo refused",
      files: [],
      cache: { dir, writable: false },
    });
    // stdout and stderr are two pipes: under load the shell's error may arrive after the later "refused".
    expect(reader.output).toMatch(/^kept\n/);
    expect(reader.output).toContain("Read-only file system");
    expect(reader.output).toMatch(/^refused$/m);
    expect(existsSync(path.join(dir, "entry"))).toBe(true);
  });
});
