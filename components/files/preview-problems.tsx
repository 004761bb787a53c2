"use client";

import Link from "next/link";
import { useCallback, useMemo, useState } from "react";
import { cn } from "@/components/ui/cn";
import { useSendMessage } from "@/lib/hooks/use-chat-mutations";
import { useResponseMode } from "@/components/chat/response-mode-picker";
import type { ChatApp } from "@/lib/api/schemas";
import { appFixPrompt } from "./app-fix-prompt";
import { AppLogs, appFailed } from "./preview-app";
import { chatFileOf, fixPrompt, isProblem, type KeptReport } from "./preview-reports";
import { AUTO_FIX_MAX_IN_A_ROW, noteTyped, useAutoFix } from "./use-auto-fix";

const LEVELS = ["all", "error", "warn", "log", "info"] as const;

/**
 * Under the preview: the Problems region (errors, unhandled rejections, failed loads; file:line opens the chat's
 * file), the Console view (levels and a filter) and, for an app that runs, the Logs view (its install and server
 * output; it opens by itself when the app crashed, with "Fix with agent"). Everything is rendered as text.
 */
export function PreviewProblems({
  chatId,
  generating,
  reports,
  previewUrl,
  chatFiles,
  onOpenFile,
  available,
  page,
  app,
  appError,
  onRetryApp,
}: {
  chatId: string;
  generating: boolean;
  reports: readonly KeptReport[];
  previewUrl: string;
  chatFiles: readonly string[];
  onOpenFile: (path: string, line?: number) => void;
  /** False: the page in the frame never reported (not our preview): capture is not available there. */
  available: boolean;
  /** Changes when a page has loaded in the frame (auto-fix's window). */
  page: string | null;
  /** The chat's app when its files are one that runs (the Logs view); undefined otherwise. */
  app?: ChatApp;
  /** The app's state could not be read again (shown in Logs, with a retry). */
  appError?: unknown;
  onRetryApp?: () => void;
}) {
  const send = useSendMessage(chatId);
  const [mode] = useResponseMode();
  const { mutate } = send;
  const sendFix = useCallback(
    (list: readonly KeptReport[]) => mutate({ prompt: fixPrompt(list, previewUrl, chatFiles), mode }),
    [mutate, previewUrl, chatFiles, mode],
  );
  const autoFix = useAutoFix({ chatId, generating, reports, page, sendFix });
  // null: chosen by the app's state (Logs once it crashed, else Problems) until a view is picked.
  const [picked, setView] = useState<"problems" | "console" | "logs" | null>(null);
  const view = picked === "logs" && !app ? "problems" : (picked ?? (appFailed(app) ? "logs" : "problems"));
  const [level, setLevel] = useState<(typeof LEVELS)[number]>("all");
  const [filter, setFilter] = useState("");
  const problems = useMemo(() => reports.filter(isProblem), [reports]);
  // A crashed app or a failed install is a problem too, first in the list, until the app runs again.
  const appProblem = app && appFailed(app) ? app : null;
  const count = problems.length + (appProblem ? 1 : 0);
  const lines = useMemo(
    () =>
      reports.filter(
        (r): r is Extract<KeptReport, { kind: "console" }> =>
          r.kind === "console" &&
          (level === "all" || r.level === level) &&
          (!filter || r.text.toLowerCase().includes(filter.toLowerCase())),
      ),
    [reports, level, filter],
  );
  const viewButton = (id: typeof view, label: string) => (
    <button
      type="button"
      aria-pressed={view === id}
      onClick={() => setView(id)}
      data-testid={`preview-view-${id}`}
      className="rounded px-2 py-0.5 text-xs text-muted-foreground hover:bg-muted hover:text-foreground aria-pressed:bg-muted aria-pressed:text-foreground"
    >
      {label}
    </button>
  );
  return (
    <div className="flex max-h-[40%] min-h-24 flex-col border-t border-border" data-testid="preview-debug">
      <div className="flex items-center gap-1 border-b border-border px-2 py-1">
        {viewButton("problems", `Problems (${count})`)}
        {viewButton("console", "Console")}
        {app ? viewButton("logs", "Logs") : null}
        {view === "logs" && app && appFailed(app) ? (
          <button
            type="button"
            disabled={generating || send.isPending}
            title={
              generating ? "Wait until the agent has finished" : "Send the app's log to the agent and ask for a fix"
            }
            onClick={() => {
              noteTyped(chatId);
              mutate({ prompt: appFixPrompt(app), mode });
            }}
            data-testid="app-fix"
            className="ml-auto rounded bg-primary px-2 py-0.5 text-xs text-primary-foreground disabled:opacity-50"
          >
            Fix with agent
          </button>
        ) : null}
        {view === "problems" && count ? (
          <button
            type="button"
            disabled={generating || send.isPending}
            title={
              generating ? "Wait until the agent has finished" : "Send these problems to the agent and ask for a fix"
            }
            onClick={() => {
              noteTyped(chatId);
              if (!appProblem) return sendFix(problems);
              const page = problems.length ? `\n\n${fixPrompt(problems, previewUrl, chatFiles)}` : "";
              mutate({ prompt: `${appFixPrompt(appProblem)}${page}`, mode });
            }}
            data-testid="problems-fix"
            className="ml-auto rounded bg-primary px-2 py-0.5 text-xs text-primary-foreground disabled:opacity-50"
          >
            Fix with agent
          </button>
        ) : null}
        {view === "problems" && autoFix.enabled ? (
          <Link
            href="/settings#preferences"
            className={cn("text-xs text-muted-foreground hover:text-foreground", !count && "ml-auto")}
            title="Auto-fix is on: new problems after an answer are sent to the agent (Settings)"
          >
            Auto-fix on
          </Link>
        ) : null}
        {view === "console" ? (
          <>
            <select
              aria-label="Console level"
              value={level}
              onChange={(e) => setLevel(e.target.value as typeof level)}
              className="ml-auto rounded border border-border bg-background px-1 py-0.5 text-xs"
            >
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  {l === "all" ? "All levels" : l}
                </option>
              ))}
            </select>
            <input
              aria-label="Filter the console"
              placeholder="Filter…"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              className="w-32 rounded border border-border bg-background px-1.5 py-0.5 text-xs"
            />
          </>
        ) : null}
      </div>
      {autoFix.stopped ? (
        <p
          className="border-b border-border bg-amber-50 px-2 py-1 text-xs text-amber-800 dark:bg-amber-950 dark:text-amber-300"
          role="status"
          data-testid="auto-fix-stopped"
        >
          Auto-fix stopped: {AUTO_FIX_MAX_IN_A_ROW} fixes in a row did not clear the problems. Send a message or use Fix
          with agent to go on.
        </p>
      ) : null}
      {view === "logs" && app ? (
        <AppLogs app={app} error={appError} onRetry={() => onRetryApp?.()} />
      ) : !available && !appProblem ? (
        <p className="p-2 text-xs text-muted-foreground" role="status" data-testid="capture-unavailable">
          Capture is not available for this preview: its page does not come from the embedded service, so its errors and
          console cannot be shown here.
        </p>
      ) : view === "problems" ? (
        <section aria-label="Problems" className="min-h-0 overflow-auto">
          {count === 0 ? (
            <p className="p-2 text-xs text-muted-foreground">No problems reported by the preview.</p>
          ) : (
            <ul className="divide-y divide-border">
              {appProblem ? <AppProblem app={appProblem} /> : null}
              {problems.map((r) => (
                <li
                  key={r.n}
                  className="px-2 py-1.5 font-mono text-xs [overflow-wrap:anywhere]"
                  data-testid="preview-problem"
                >
                  <ProblemLine report={r} previewUrl={previewUrl} chatFiles={chatFiles} onOpenFile={onOpenFile} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : (
        <section aria-label="Console" className="min-h-0 overflow-auto">
          <ul className="divide-y divide-border">
            {lines.map((r) => (
              <li
                key={r.n}
                className={cn(
                  "px-2 py-1 font-mono text-xs break-all whitespace-pre-wrap",
                  r.level === "error" && "text-danger",
                  r.level === "warn" && "text-amber-700 dark:text-amber-400",
                )}
                data-testid="console-line"
              >
                <span className="mr-2 text-muted-foreground">{r.level}</span>
                {r.text}
              </li>
            ))}
          </ul>
          {lines.length === 0 ? <p className="p-2 text-xs text-muted-foreground">Nothing logged.</p> : null}
        </section>
      )}
    </div>
  );
}

/** Lines of the log's end an app's problem shows (Logs has the whole), more to reach back to an error's line. */
const APP_PROBLEM_LINES = 8;
const APP_PROBLEM_MAX_LINES = 16;

/** The log's last lines, from the last line saying "error" when it is among the last 16 (a stack trace's head). */
function problemTail(log: string): string {
  const lines = log.trimEnd().split("\n");
  let start = Math.max(0, lines.length - APP_PROBLEM_LINES);
  for (let i = start - 1; i >= Math.max(0, lines.length - APP_PROBLEM_MAX_LINES); i--)
    if (/\berr(or)?\b/i.test(lines[i]!)) {
      start = i;
      break;
    }
  return lines.slice(start).join("\n");
}

/** A crashed app or a failed install as a problem: the step, its message and the log's last lines. */
function AppProblem({ app }: { app: ChatApp }) {
  const tail = problemTail(app.log);
  return (
    <li
      className="px-2 py-1.5 font-mono text-xs [overflow-wrap:anywhere]"
      data-testid="app-problem"
      data-step={app.failedStep ?? "run"}
    >
      <span className="text-danger">
        {app.failedStep === "install" ? "The install failed" : "The app crashed"}
        {app.message ? `: ${app.message}` : ""}
      </span>
      {tail ? <pre className="mt-1 break-all whitespace-pre-wrap text-muted-foreground">{tail}</pre> : null}
    </li>
  );
}

function ProblemLine({
  report,
  previewUrl,
  chatFiles,
  onOpenFile,
}: {
  report: KeptReport;
  previewUrl: string;
  chatFiles: readonly string[];
  onOpenFile: (path: string, line?: number) => void;
}) {
  if (report.kind === "load-failed") {
    return (
      <span className="text-danger">
        Failed to load {report.tag} <span className="break-all">{report.url}</span>
        {report.status ? ` (HTTP ${report.status})` : ""}
      </span>
    );
  }
  if (report.kind === "rejection") {
    return <span className="text-danger">Unhandled rejection: {report.message}</span>;
  }
  if (report.kind !== "error") return null;
  const path = chatFileOf(report.file, previewUrl, chatFiles);
  const where = `${path ?? report.file}:${report.line}${report.column ? `:${report.column}` : ""}`;
  return (
    <>
      <span className="text-danger">{report.message}</span>{" "}
      {!report.file ? null : path ? (
        <button
          type="button"
          className="text-primary underline"
          onClick={() => onOpenFile(path, report.line || undefined)}
        >
          {where}
        </button>
      ) : (
        <span className="text-muted-foreground break-all">{where}</span>
      )}
      {report.stack ? (
        <pre className="mt-1 break-all whitespace-pre-wrap text-muted-foreground">
          {report.stack.split("\n").slice(0, 4).join("\n")}
        </pre>
      ) : null}
    </>
  );
}
