import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { getPriority, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { BWRAP, bubblewrapArgs, hostIds } from "./bubblewrap";
import { createSandbox, sandboxSettings } from ".";
import { bwrapUnavailable, killAll, processesWith } from "./test-support";
import { prepareWorkspace } from "./workspace";

/** The bubblewrap backend's view of the machine, its user, and `start` (a long-lived process reached on its port). */

const sandbox = createSandbox({ limits: { timeMs: 20_000 } });
const run = (command: string) => sandbox.run({ command, files: [{ path: "index.html", content: "<h1>x</h1>" }] });

describe.skipIf(bwrapUnavailable)("what a command sees (bubblewrap)", () => {
  test("the system read-only, its copy writable at /app, its own /tmp and HOME; no /root, /work, /var or host /etc", async () => {
    const r = await run(
      [
        "id -u; id -un; pwd; ls /",
        "ls /etc | tr '\\n' ' '; echo",
        "cat /etc/shadow 2>&1 | head -1",
        "touch /usr/x 2>&1 | head -1; touch /x 2>&1 | head -1",
        "echo ok > /app/new && echo app-writable; echo ok > /tmp/t && echo tmp-writable; echo ok > $HOME/h && echo home-writable",
        `ls /root /work /var ${JSON.stringify(process.cwd())} 2>&1 | wc -l`,
      ].join("; "),
    );
    const lines = r.output.split("\n");
    expect(lines.slice(0, 3)).toEqual(["1000", "user", "/app"]);
    expect(r.output).toMatch(/^app\n(bin\n)?dev\netc\nhome\n(lib\n)?(lib64\n)?proc\nrun\n(sbin\n)?tmp\nusr\n/m);
    expect(lines[lines.indexOf("usr") + 1]).not.toMatch(/shadow|sudoers|npmrc|environment/);
    expect(r.output).toMatch(/No such file or directory\n/); // /etc/shadow
    expect(r.output).toMatch(/Read-only file system\n.*Read-only file system\n/);
    expect(r.output).toContain("app-writable\ntmp-writable\nhome-writable\n");
    expect(lines.at(-2)).toBe("4"); // four "No such file or directory"
  });

  test("it cannot make a user namespace of its own, nor gain a capability", async () => {
    const r = await run("unshare -U true 2>&1 | head -1; grep -E '^(CapEff|CapBnd|NoNewPrivs)' /proc/self/status");
    expect(r.output).toMatch(/unshare: .*(Operation not permitted|No space left on device)/);
    expect(r.output).toMatch(/CapEff:\s+0+\nCapBnd:\s+0+\nNoNewPrivs:\s+1/);
  });

  test("a project's BASH_ENV, SHELLOPTS or functions run nothing before the command; POSIXLY_CORRECT changes no limit", async () => {
    const files = [{ path: "early.sh", content: "echo early-code-ran\n" }];
    const env = {
      BASH_ENV: "/app/early.sh",
      SHELLOPTS: "xtrace",
      PS4: "$(echo ps4-ran)",
      "BASH_FUNC_exec%%": "() { echo function-ran; }",
    };
    const r = await sandbox.run({ command: "echo done", files, env });
    expect(r.output).toBe("done\n");
    const posix = await sandbox.run({
      command: "grep 'file size' /proc/self/limits",
      files,
      env: { POSIXLY_CORRECT: "1" },
    });
    expect(posix.output).toMatch(/^Max file size\s+268435456\s+268435456 /);
  });

  test.each([
    ["", "none"],
    [", nor the relay's (which the command could open through /proc)", "public"],
  ])("a file descriptor the server holds without close-on-exec is not the command's%s", async (_, mode) => {
    const dir = mkdtempSync(path.join(tmpdir(), "atelier-fd-probe-"));
    const held = path.join(dir, "held");
    // A server started by something that leaked its own descriptors: a process with a file open at fds 200 and 201
    // without close-on-exec (Node marks low ones close-on-exec as it starts, not these) runs a command in its sandbox.
    const script = path.join(dir, "server.mts");
    writeFileSync(
      script,
      `import { readFileSync } from "node:fs";
import { createSandbox } from ${JSON.stringify(path.resolve("lib/embedded/sandbox/index.ts"))};
const network = ${JSON.stringify(mode === "public" ? { mode, hosts: [], privateHosts: [] } : { mode })};
const r = await createSandbox({ network, limits: { timeMs: 20000 } }).run({
  command: "ls -l /proc/[0-9]*/fd/ 2>/dev/null | grep -c fd-probe; ls -l /proc/self/fd/ | grep -c fd-probe",
  files: [],
});
const flags = /^flags:\\s*([0-7]+)/m.exec(readFileSync("/proc/self/fdinfo/200", "utf8"))[1];
console.log(JSON.stringify({ leaking: (parseInt(flags, 8) & 0o2000000) === 0, output: r.output }));
`,
    );
    try {
      const output = await new Promise<string>((resolve) => {
        const node = [process.execPath, "--conditions=react-server", "--import", "tsx", script];
        const child = spawn("/bin/bash", ["-c", 'exec 200>"$1" 201>&200; shift; exec "$@"', "leak", held, ...node], {
          stdio: ["ignore", "pipe", "pipe"],
        });
        let text = "";
        child.stdout.on("data", (c: Buffer) => (text += c.toString()));
        child.stderr.on("data", (c: Buffer) => (text += c.toString()));
        child.on("close", () => resolve(text));
      });
      // The server does hold it without close-on-exec; no process of the sandbox holds it, the command neither.
      expect(output).toBe(`${JSON.stringify({ leaking: true, output: "0\n0\n" })}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test.each([
    ["", "none"],
    [", and with the relay", "public"],
  ] as const)("it runs at a lower priority than the server%s", async (_, mode) => {
    const network = mode === "public" ? { mode, hosts: [], privateHosts: [] } : { mode };
    const r = await createSandbox({ network, limits: { timeMs: 20_000 } }).run({
      command: "cut -d' ' -f19 /proc/self/stat",
      files: [],
    });
    expect(r.output).toBe(`${Math.min(19, getPriority() + 10)}\n`);
  });

  test.skipIf(process.getuid?.() !== 0)(
    "run by a root server, it cannot read root's private files even when one is mounted into it",
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "atelier-root-"));
      chmodSync(dir, 0o755); // the folder open, the file root's own (as DATA_DIR/secrets.json is)
      const secret = path.join(dir, "secrets.json");
      writeFileSync(secret, "root-only-secret");
      chmodSync(secret, 0o600);
      const workspace = await prepareWorkspace([], hostIds());
      try {
        const args = bubblewrapArgs({
          workspace,
          limits: sandboxSettings().limits,
          command: "cat /mnt/secrets.json; echo status=$?",
          relay: null,
          nodePath: process.execPath,
          disableUserns: false,
        });
        // The same sandbox with the file bound in on purpose (never done by the backend).
        const at = args.indexOf("--remount-ro");
        const withSecret = [...args.slice(0, at), "--ro-bind", secret, "/mnt/secrets.json", ...args.slice(at)];
        const output = await new Promise<string>((resolve) => {
          const child = spawn(BWRAP, withSecret, { ...hostIds(), stdio: ["ignore", "pipe", "pipe"] });
          let text = "";
          child.stdout.on("data", (c: Buffer) => (text += c.toString()));
          child.stderr.on("data", (c: Buffer) => (text += c.toString()));
          child.on("close", () => resolve(text));
        });
        expect(output).toMatch(/Permission denied\nstatus=1\n$/);
        expect(output).not.toContain("root-only-secret");
      } finally {
        await workspace.remove();
      }
    },
  );
});

/** GET through the process's socket, retried until it listens. */
async function getWhenUp(socketPath: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const body = await new Promise<string | null>((resolve) => {
      http
        .get({ socketPath, path: "/hi" }, (res) => {
          let text = "";
          res.on("data", (c: Buffer) => (text += c.toString()));
          res.on("end", () => resolve(`${res.statusCode} ${text}`));
        })
        .on("error", () => resolve(null));
    });
    if (body) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the app never answered");
}

describe.skipIf(bwrapUnavailable)("start: a long-lived process reached on its port", () => {
  test("HTTP and an upgraded connection reach the app's port; stop ends it and every process", async () => {
    const app = `
      const http = require("node:http");
      const server = http.createServer((req, res) => res.end("app on " + process.env.HOST + ":" + process.env.PORT + " " + req.url));
      server.on("upgrade", (req, socket) => {
        socket.write("HTTP/1.1 101 Switching Protocols\\r\\nupgrade: echo\\r\\nconnection: upgrade\\r\\n\\r\\n");
        socket.on("data", (d) => socket.write("echo:" + d));
      });
      server.listen(Number(process.env.PORT), process.env.HOST, () => console.log("listening"));`;
    const started = await sandbox.start({
      command: "setsid sleep 3171 & node app.js",
      files: [{ path: "app.js", content: app }],
      port: 3000,
    });
    try {
      expect(started.socketPath).toBeTruthy();
      expect(await getWhenUp(started.socketPath!)).toBe("200 app on 127.0.0.1:3000 /hi");
      const echoed = await new Promise<string>((resolve, reject) => {
        const s = net.connect(started.socketPath!, () =>
          s.write("GET /ws HTTP/1.1\r\nhost: app\r\nupgrade: echo\r\nconnection: upgrade\r\n\r\n"),
        );
        let text = "";
        s.on("data", (d: Buffer) => {
          text += d.toString();
          if (text.endsWith("\r\n\r\n")) s.write("ping");
          if (text.includes("echo:ping")) {
            s.destroy();
            resolve(text);
          }
        });
        s.on("error", reject);
      });
      expect(echoed).toMatch(/^HTTP\/1.1 101 Switching Protocols[\s\S]*echo:ping$/);
    } finally {
      const result = await started.stop();
      expect(result).toMatchObject({ exitCode: null, ended: { reason: "stopped" } });
      expect(result.output).toContain("listening\n");
      expect(processesWith("sleep 3171")).toEqual([]);
      killAll("sleep 3171");
    }
    expect(existsSync(started.socketPath!)).toBe(false);
  });
});
