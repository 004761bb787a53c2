import "server-only";
import http from "node:http";
import { z } from "zod";

/**
 * Restart, Stop and the state of a chat's app asked of the instance that runs it (docs/app-runtime.md, "Several
 * instances"): the instance an API request reached, when another live instance holds the app's lease, sends it there
 * as a control request to that instance's preview listener, at the address the database records for it (never one
 * taken from a request). It is signed as forwarded preview requests are (forward.ts) but under a key of its own
 * (`ForwardSigner`'s "control" purpose, header `x-atelier-control`), so that no forwarded preview request, which a
 * reader of the chat can cause, is ever taken for one. The receiver acts on its own app only, never passing it on.
 */

/** The control requests' paths: `/__atelier/instance/apps/{chatId}/{action}` (never passed to an app). */
export const CONTROL_PREFIX = "/__atelier/instance/apps/";
export const CONTROL_HEADER = "x-atelier-control";

const ACTIONS = ["state", "restart", "stop"] as const;
export type ControlAction = (typeof ACTIONS)[number];

/** What the owner answers: its app's state and log (null when it runs no app of that chat). */
const Snapshot = z.object({
  state: z.enum(["stopped", "installing", "starting", "running", "crashed"]),
  log: z.string(),
  message: z.string().nullable(),
  failedStep: z.enum(["install", "run"]).nullable(),
  exitCode: z.number().int().nullable(),
  script: z.enum(["dev", "start"]),
  changedAt: z.coerce.date(),
});
export type AppSnapshot = z.infer<typeof Snapshot>;
const ControlAnswer = z.object({ app: Snapshot.nullable() });

/** How long the owner may take to answer. */
const CONTROL_TIMEOUT_MS = 5_000;
/** The largest answer read (a snapshot's log is at most 64 K characters). */
const MAX_ANSWER_BYTES = 1024 * 1024;

export const controlPath = (chatId: string, action: ControlAction) =>
  `${CONTROL_PREFIX}${encodeURIComponent(chatId)}/${action}`;
export const controlMethod = (action: ControlAction) => (action === "state" ? "GET" : "POST");

/** The chat and the action of a control request's path; null when it is not one. */
export function parseControl(pathname: string, method: string): { chatId: string; action: ControlAction } | null {
  const match = /^([^/]+)\/([a-z]+)$/.exec(pathname.slice(CONTROL_PREFIX.length));
  const action = ACTIONS.find((a) => a === match?.[2]);
  if (!pathname.startsWith(CONTROL_PREFIX) || !match || !action || controlMethod(action) !== method.toUpperCase())
    return null;
  try {
    return { chatId: decodeURIComponent(match[1]!), action };
  } catch {
    return null;
  }
}

/** An instance's recorded address (`host:port`, IPv6 in brackets) as a place to connect; null when it is not one. */
export function parseAddress(address: string): { host: string; port: number } | null {
  try {
    const parsed = new URL(`http://${address}`);
    if (!parsed.port || parsed.pathname !== "/" || parsed.username || parsed.search) return null;
    return { host: parsed.hostname.replace(/^\[(.*)\]$/, "$1"), port: Number(parsed.port) };
  } catch {
    return null;
  }
}

export const controlAnswer = (app: AppSnapshot | null) =>
  new Response(JSON.stringify({ app }), {
    status: 200,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });

/**
 * Sends a control request to the instance at `address`; its answer (the app's snapshot there, or null when it runs
 * none), or undefined when it could not be asked or did not answer as an instance does.
 */
export function sendControl(
  address: string,
  chatId: string,
  action: ControlAction,
  signature: string,
): Promise<AppSnapshot | null | undefined> {
  const to = parseAddress(address);
  if (!to) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const req = http.request(
      {
        ...to,
        path: controlPath(chatId, action),
        method: controlMethod(action),
        headers: { [CONTROL_HEADER]: signature, host: address },
        timeout: CONTROL_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) req.destroy();
          else chunks.push(chunk);
        });
        res.on("end", () => {
          if (res.statusCode !== 200) return resolve(undefined);
          try {
            const parsed = ControlAnswer.safeParse(JSON.parse(Buffer.concat(chunks).toString("utf8")));
            resolve(parsed.success ? parsed.data.app : undefined);
          } catch {
            resolve(undefined);
          }
        });
        res.on("error", () => resolve(undefined));
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(undefined));
    req.end();
  });
}
