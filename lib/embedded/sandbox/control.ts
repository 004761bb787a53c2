import "server-only";
import type { Readable, Writable } from "node:stream";
import type { RelayMessage, RelayRequest } from "./relay";
import type { Collected, SandboxFile } from "./types";

const asBase64 = (content: string | Uint8Array) =>
  typeof content === "string"
    ? Buffer.from(content, "utf8").toString("base64")
    : Buffer.from(content).toString("base64");

/** A write request's body: files in base64 (text and bytes alike), paths to remove. */
export function writeRequest(id: number, files: readonly SandboxFile[], remove: readonly string[] = []): RelayRequest {
  return {
    op: "write",
    id,
    files: files.map((f) => ({ path: f.path, content: asBase64(f.content) })),
    remove: [...remove],
  };
}

/** What `collect` may bring at most (OUTPUT_LIMITS of a build: 50 MB, in base64), with room to spare. */
const MAX_LINE_CHARS = 96 * 1024 * 1024;

/**
 * The server's side of the relay's control channel (relay.ts): requests to its stdin, one JSON object a line, and
 * its messages from `control.out`. Every request gets its answer by id; a request after the sandbox has ended is
 * answered as failed at once.
 */
export class RelayControl {
  private nextId = 1;
  private readonly pending = new Map<number, (message: RelayMessage | null) => void>();
  private closed = false;
  private collectedValue: Collected | null = null;
  private resolveListening!: (port: number) => void;
  /** The port the app listens on, once the relay has seen it. */
  readonly listening = new Promise<number>((resolve) => (this.resolveListening = resolve));
  /** Resolves once the relay's messages have ended (it exited). */
  readonly ended: Promise<void>;

  constructor(
    private readonly input: Writable,
    output: Readable,
    /** The longest line kept (the relay's `collected` of a build's output at most; a command could write an endless one). */
    maxLineChars = MAX_LINE_CHARS,
  ) {
    input.on("error", () => this.close());
    let buffered = "";
    /** A line past `maxLineChars` is being dropped until its end. */
    let skipping = false;
    output.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      let at: number;
      while ((at = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, at);
        buffered = buffered.slice(at + 1);
        if (skipping) skipping = false;
        else this.take(line);
      }
      if (buffered.length > maxLineChars) {
        buffered = "";
        skipping = true;
      }
    });
    this.ended = new Promise<void>((resolve) => {
      output.on("error", () => undefined);
      output.on("close", () => {
        this.close();
        resolve();
      });
    });
  }

  /** Sends a request (its id filled in); resolves with the answer, or null once the sandbox has ended. */
  request(make: (id: number) => RelayRequest): Promise<RelayMessage | null> {
    if (this.closed) return Promise.resolve(null);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.input.write(`${JSON.stringify(make(id))}\n`);
    });
  }

  /** What `collect` read back, once the relay has sent it (null before, and when it never did). */
  get collected(): Collected | null {
    return this.collectedValue;
  }

  /**
   * One line of the answers' pipe. The command runs as the relay's user and can write into that pipe too
   * (`/proc/$PPID/fd/5`): a line of the wrong shape is ignored, never a throw in the server's stream handler.
   */
  private take(line: string): void {
    try {
      this.handle(JSON.parse(line) as RelayMessage);
    } catch {
      // Not the relay's: ignored.
    }
  }

  private handle(message: RelayMessage): void {
    if (message.op === "listening") {
      if (Number.isInteger(message.port) && message.port > 0 && message.port < 65536)
        this.resolveListening(message.port);
    } else if (message.op === "collected")
      this.collectedValue = {
        dir: message.dir,
        error: message.error,
        files: message.files.map((f) => ({ path: f.path, content: new Uint8Array(Buffer.from(f.content, "base64")) })),
      };
    else {
      const answer = this.pending.get(message.id);
      this.pending.delete(message.id);
      answer?.(message);
    }
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const answer of this.pending.values()) answer(null);
    this.pending.clear();
  }
}
