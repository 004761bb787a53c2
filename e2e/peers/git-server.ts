import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/**
 * A real Git server for tests: Debian's `git http-backend` (the smart HTTP protocol, clone and push) behind a small
 * CGI bridge on a loopback port. Repositories under `private/` need HTTP basic auth with the one user and password
 * given; the others are open. `makeRepo` creates a bare repository from files with the `git` command, and `commit`
 * adds an outside commit to one of its branches, as another person pushing would.
 */

export interface GitServerPeer {
  /** The server's base URL; a repository `x.git` is at `${url}/x.git`. */
  url: string;
  /** Creates a bare repository `name` (e.g. "app.git" or "private/app.git") whose `branch` holds `files`. */
  makeRepo(name: string, files: Record<string, string | Uint8Array>, branch?: string): void;
  /** One commit on `branch` of repository `name` (created from the default branch when missing): writes, deletes (null). */
  commit(name: string, branch: string, changes: Record<string, string | null>, message?: string): string;
  /** The files of `branch` of repository `name` at its tip, as the `git` command reads them. */
  filesOf(name: string, branch: string): Record<string, string>;
  /** The commit at the tip of `branch`, or null. */
  head(name: string, branch: string): string | null;
  /**
   * Holds the next push (its receive-pack request) until `release`: `arrived` settles when it reaches the server, so a
   * test can act between a push leaving the service and landing.
   */
  holdNextPush(): { arrived: Promise<void>; release(): void };
  /** Requests answered 401 for missing or wrong credentials. */
  refused(): number;
  close(): Promise<void>;
}

const gitEnv = {
  GIT_AUTHOR_NAME: "Outside Person",
  GIT_AUTHOR_EMAIL: "outside@example.test",
  GIT_COMMITTER_NAME: "Outside Person",
  GIT_COMMITTER_EMAIL: "outside@example.test",
  GIT_CONFIG_NOSYSTEM: "1",
  HOME: tmpdir(),
};

const run = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, env: { ...process.env, ...gitEnv }, encoding: "utf8" }).trim();

function writeTree(dir: string, files: Record<string, string | Uint8Array | null>): void {
  for (const [path, content] of Object.entries(files)) {
    const file = join(dir, path);
    if (content === null) rmSync(file, { force: true });
    else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
    }
  }
}

export async function startGitServer(opts: { user?: string; password?: string } = {}): Promise<GitServerPeer> {
  const { user = "alice", password = "s3cret-token" } = opts;
  const root = mkdtempSync(join(tmpdir(), "git-peer-"));
  let refused = 0;
  let hold: { arrive(): void; released: Promise<void> } | null = null;

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://peer");
    if (hold && req.method === "POST" && url.pathname.endsWith("/git-receive-pack")) {
      const held = hold;
      hold = null;
      held.arrive();
      await held.released;
    }
    if (url.pathname.startsWith("/private/")) {
      const expected = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
      if (req.headers.authorization !== expected) {
        refused++;
        res.writeHead(401, { "www-authenticate": 'Basic realm="git"' }).end("authentication required\n");
        return;
      }
    }
    const cgi = spawn("git", ["http-backend"], {
      env: {
        ...process.env,
        ...gitEnv,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: "1",
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method ?? "GET",
        CONTENT_TYPE: req.headers["content-type"] ?? "",
        REMOTE_USER: user,
        REMOTE_ADDR: "127.0.0.1",
        ...(req.headers["git-protocol"] ? { GIT_PROTOCOL: String(req.headers["git-protocol"]) } : {}),
      },
    });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let started = false;
    cgi.stdout.on("data", (chunk: Buffer) => {
      if (started) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) return;
      started = true;
      let status = 200;
      for (const line of head.subarray(0, end).toString().split("\r\n")) {
        const [name, ...rest] = line.split(":");
        const value = rest.join(":").trim();
        if (name!.toLowerCase() === "status") status = Number.parseInt(value, 10);
        else res.setHeader(name!, value);
      }
      res.writeHead(status);
      res.write(head.subarray(end + 4));
    });
    cgi.stdout.on("end", () => res.end());
    cgi.on("error", () => res.writeHead(500).end());
  };

  const server = createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A working copy of `branch` of `name` (fresh each time), removed by the caller. */
  const checkout = (name: string, branch: string) => {
    const work = mkdtempSync(join(tmpdir(), "git-peer-work-"));
    run(work, "clone", "--quiet", join(root, name), ".");
    const has = run(work, "ls-remote", "--heads", "origin", branch) !== "";
    if (has) run(work, "checkout", "--quiet", branch);
    else run(work, "checkout", "--quiet", "-b", branch);
    return work;
  };

  return {
    url: base,
    makeRepo(name, files, branch = "main") {
      const bare = join(root, name);
      mkdirSync(bare, { recursive: true });
      run(bare, "init", "--quiet", "--bare", `--initial-branch=${branch}`);
      run(bare, "config", "http.receivepack", "true");
      const work = mkdtempSync(join(tmpdir(), "git-peer-work-"));
      try {
        run(work, "init", "--quiet", `--initial-branch=${branch}`);
        writeTree(work, files);
        run(work, "add", "-A");
        run(work, "commit", "--quiet", "-m", "Initial commit");
        run(work, "push", "--quiet", bare, branch);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
    commit(name, branch, changes, message = "An outside change") {
      const work = checkout(name, branch);
      try {
        writeTree(work, changes);
        run(work, "add", "-A");
        run(work, "commit", "--quiet", "-m", message);
        run(work, "push", "--quiet", "origin", branch);
        return run(work, "rev-parse", "HEAD");
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
    filesOf(name, branch) {
      const bare = join(root, name);
      const out: Record<string, string> = {};
      for (const path of run(bare, "ls-tree", "-r", "--name-only", branch).split("\n").filter(Boolean))
        out[path] = execFileSync("git", ["show", `${branch}:${path}`], { cwd: bare, encoding: "utf8" });
      return out;
    },
    head(name, branch) {
      try {
        return run(join(root, name), "rev-parse", "--verify", "--quiet", `refs/heads/${branch}`) || null;
      } catch {
        return null;
      }
    },
    holdNextPush() {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      hold = { arrive, released };
      return { arrived, release };
    },
    refused: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(root, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
