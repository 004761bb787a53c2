"use client";

import { Play, RotateCw, Square } from "lucide-react";
import { useEffect, useRef } from "react";
import type { AppState, ChatApp } from "@/lib/api/schemas";
import { cn } from "@/components/ui/cn";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";

/**
 * A runnable chat app's parts of the Preview tab (docs/app-runtime.md): its state badge with Restart and Stop, the
 * panel standing in for the frame once a person stopped it, and the Logs view (install and server output).
 */

const LABELS: Record<AppState, string> = {
  installing: "Installing",
  starting: "Starting",
  running: "Running",
  crashed: "Crashed",
  stopped: "Stopped",
};

const TONES: Record<AppState, string> = {
  installing: "border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-300",
  starting: "border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-300",
  running:
    "border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  crashed: "border-danger-border bg-danger-muted text-danger",
  stopped: "border-border bg-muted text-muted-foreground",
};

/** Whether the app failed (a crash or a failed install): the Logs view opens and offers "Fix with agent". */
export const appFailed = (app: ChatApp | undefined) => app?.runnable === true && app.state === "crashed";

/** A person stopped it: the frame is not shown (it would start it again), a Start button instead. */
export const stoppedByPerson = (app: ChatApp | undefined) =>
  app?.runnable === true && app.state === "stopped" && app.stopReason === "person";

const controlClass =
  "inline-flex h-7 items-center gap-1 rounded px-1.5 text-xs text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50";

/** The app's state (a never started app shows Starting: the preview frame starts it), its message, Restart and Stop. */
export function AppBar({
  app,
  canWrite,
  pending,
  error,
  onAction,
}: {
  app: ChatApp;
  canWrite: boolean;
  /** The action under way, if any. */
  pending: "restart" | "stop" | null;
  error: unknown;
  onAction: (action: "restart" | "stop") => void;
}) {
  const state: AppState = app.state ?? "starting";
  const waiting = state === "installing" || state === "starting";
  const stopped = state === "stopped";
  const why = canWrite ? undefined : "Only people who may change this chat can restart or stop its app";
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-border px-2 py-1" data-testid="app-bar">
      <span
        role="status"
        aria-label={`The app: ${LABELS[state]}`}
        data-testid="app-state"
        data-state={state}
        className={cn(
          "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium",
          TONES[state],
        )}
      >
        {waiting ? <Spinner className="size-3" /> : <span aria-hidden className="size-1.5 rounded-full bg-current" />}
        {state === "crashed" && app.failedStep === "install" ? "Install failed" : LABELS[state]}
      </span>
      {app.message ? (
        <span
          className="min-w-0 flex-1 truncate text-xs text-muted-foreground"
          title={app.message}
          data-testid="app-message"
        >
          {app.message}
        </span>
      ) : (
        <span className="flex-1" />
      )}
      <button
        type="button"
        className={controlClass}
        disabled={!canWrite || pending !== null}
        title={why ?? (stopped ? "Start the app" : "Restart the app (keeps its installed dependencies)")}
        onClick={() => onAction("restart")}
        data-testid="app-restart"
      >
        {pending === "restart" ? (
          <Spinner className="size-3.5" />
        ) : stopped ? (
          <Play className="size-3.5" aria-hidden />
        ) : (
          <RotateCw className="size-3.5" aria-hidden />
        )}
        {stopped ? "Start" : "Restart"}
      </button>
      <button
        type="button"
        className={controlClass}
        disabled={!canWrite || pending !== null || stopped}
        title={why ?? "Stop the app"}
        onClick={() => onAction("stop")}
        data-testid="app-stop"
      >
        {pending === "stop" ? <Spinner className="size-3.5" /> : <Square className="size-3.5" aria-hidden />}
        Stop
      </button>
      {error ? (
        <p role="alert" className="w-full text-xs text-danger" data-testid="app-action-error">
          {error instanceof Error ? error.message : String(error)}
        </p>
      ) : null}
    </div>
  );
}

/** In place of the frame once a person stopped the app. */
export function AppStopped({
  canWrite,
  pending,
  onStart,
}: {
  canWrite: boolean;
  pending: boolean;
  onStart: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-2 p-8 text-center text-sm" data-testid="app-stopped">
      <p className="font-medium">The app is stopped</p>
      <p className="max-w-xs text-muted-foreground">
        Its server is not running. Start it to see the preview again; its log is under Logs.
      </p>
      {canWrite ? (
        <button
          type="button"
          onClick={onStart}
          disabled={pending}
          className="inline-flex items-center gap-1 rounded bg-primary px-3 py-1 text-xs text-primary-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
          data-testid="app-start"
        >
          {pending ? <Spinner className="size-3.5" /> : <Play className="size-3.5" aria-hidden />}
          Start the app
        </button>
      ) : null}
    </div>
  );
}

/** The Logs view: the end of the install and server output, kept scrolled to its end while it grows. */
export function AppLogs({ app, error, onRetry }: { app: ChatApp; error: unknown; onRetry: () => void }) {
  const ref = useRef<HTMLPreElement>(null);
  useEffect(() => {
    const pre = ref.current;
    if (pre) pre.scrollTop = pre.scrollHeight;
  }, [app.log]);
  return (
    <section aria-label="Logs" className="min-h-0 overflow-auto" data-testid="app-logs">
      {error ? (
        <div className="p-2">
          <ErrorPanel error={error} title="The app's state could not be read" onRetry={onRetry} />
        </div>
      ) : null}
      {appFailed(app) && app.message ? (
        <p className="border-b border-border px-2 py-1 text-xs text-danger" data-testid="app-log-message">
          {app.message}
        </p>
      ) : null}
      {app.log.trim() ? (
        <pre
          ref={ref}
          tabIndex={0}
          aria-label="The app's log"
          data-testid="app-log"
          className="max-h-full overflow-auto px-2 py-1 font-mono text-xs break-all whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-ring"
        >
          {app.log}
        </pre>
      ) : (
        <p className="p-2 text-xs text-muted-foreground" data-testid="app-log-empty">
          {app.state === null ? "Nothing logged yet: the app starts when its preview opens." : "Nothing logged yet."}
        </p>
      )}
    </section>
  );
}
