import { z } from "zod";
import { DateTime } from "./common";

/**
 * A chat's app (our extension, docs/wire-decisions.md "A chat's app"): whether its files are an app the service runs
 * (docs/app-runtime.md), what it is doing and the end of its log. `GET /v2/chats/{chatId}/app`, and the answer of
 * `POST …/app/restart` and `POST …/app/stop`.
 */
export const APP_STATES = ["installing", "starting", "running", "crashed", "stopped"] as const;
export type AppState = (typeof APP_STATES)[number];

export const ChatApp = z.object({
  /** The service runs chats' apps at all (APP_RUNTIME=on). */
  enabled: z.boolean(),
  /** The chat's files are an app that runs (a package.json with a `dev` or `start` script) and the runtime is on. */
  runnable: z.boolean(),
  /** Why it does not run when its files look like an app but cannot (invalid package.json, a bun lockfile); else null. */
  reason: z.string().nullable(),
  /** The script it runs: `dev`, else `start`; null when not runnable. */
  script: z.string().nullable(),
  /** What the app is doing; null: runnable but never started (opening the preview starts it). */
  state: z.enum(APP_STATES).nullable(),
  /** A crash's or a failed install's explanation; null otherwise. */
  message: z.string().nullable(),
  /** Where a crash happened: the install or the running server; null otherwise. */
  failedStep: z.enum(["install", "run"]).nullable(),
  exitCode: z.number().int().nullable(),
  /** Why a stopped app stopped: nobody viewed it, a person stopped it, another app took its place, the server stopped, another instance took it over. */
  stopReason: z.enum(["idle", "person", "limit", "shutdown", "moved"]).nullable(),
  /** The end of the log (install and server output), at most APP_LOG_WIRE_CHARS characters, from a line's start. */
  log: z.string(),
  /** When the state or the log last changed; null when never started. */
  updatedAt: DateTime.nullable(),
});
export type ChatApp = z.infer<typeof ChatApp>;

/**
 * What the dashboard reads (clients are liberal): a state, step or stop reason it does not know (a newer service)
 * reads as null, so that one field degrades and the Preview tab still shows the app and its log.
 */
export const ChatAppRead = ChatApp.extend({
  state: ChatApp.shape.state.catch(null),
  failedStep: ChatApp.shape.failedStep.catch(null),
  stopReason: ChatApp.shape.stopReason.catch(null),
});

/** How much of the app's log the wire carries (its end). */
export const APP_LOG_WIRE_CHARS = 16 * 1024;
