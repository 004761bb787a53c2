import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { APP_LOG_WIRE_CHARS, type ChatApp } from "@/lib/api";
import type { Db } from "../store/db";
import { appRuns, chatFiles } from "../store/schema";
import type { AppRuntime } from "./apps";
import { DECIDING_FILES, detectApp } from "./detect";

/** The end of a log the wire carries: at most APP_LOG_WIRE_CHARS, starting at a line when it was cut. */
function logTail(log: string): string {
  if (log.length <= APP_LOG_WIRE_CHARS) return log;
  const end = log.slice(-APP_LOG_WIRE_CHARS);
  const newline = end.indexOf("\n");
  return newline >= 0 && newline < end.length - 1 ? end.slice(newline + 1) : end;
}

/** Why an app's chat is served as files on a service that does not run apps. */
export const RUNTIME_OFF =
  "These files are a Node app (package.json with a dev or start script), but this service serves files only " +
  "(APP_RUNTIME=off): the preview shows them as they are. Whoever runs Atelier turns apps on with APP_RUNTIME=auto " +
  "or on (docs/app-runtime.md).";

const nothing = { script: null, state: null, message: null, failedStep: null, exitCode: null, stopReason: null };

/**
 * A chat's app as the dashboard shows it (GET /v2/chats/{chatId}/app, docs/app-runtime.md): whether its files are an
 * app that runs, its state on this instance, else on the live instance that runs it (asked of it), else the last one
 * recorded in app_runs (a stopped app's with why it stopped), and the end of its log.
 */
export async function chatAppView(
  db: Db,
  apps: AppRuntime | null,
  chatId: string,
  offReason: string = RUNTIME_OFF,
): Promise<ChatApp> {
  const files = await db
    .select({ path: chatFiles.path, content: chatFiles.content })
    .from(chatFiles)
    .where(and(eq(chatFiles.chatId, chatId), inArray(chatFiles.path, DECIDING_FILES)));
  const detection = detectApp((p) => files.find((f) => f.path === p)?.content);
  if (!apps) {
    // Files that would run, on a service that serves files only: say so, so the preview's 404 is not a mystery.
    const reason = detection.runnable ? offReason : null;
    return { enabled: false, runnable: false, reason, ...nothing, log: "", updatedAt: null };
  }
  // This instance's app, else the live state of the instance that runs it (the row's log is its last change's).
  const here = apps.stateOf(chatId) ?? (detection.runnable ? await apps.remoteStateOf(chatId) : null);
  if (here) {
    return {
      enabled: true,
      runnable: detection.runnable,
      reason: detection.runnable ? null : detection.reason,
      script: here.script,
      state: here.state,
      message: here.message,
      failedStep: here.failedStep,
      exitCode: here.exitCode,
      stopReason: null,
      log: logTail(here.log),
      updatedAt: here.changedAt.toISOString(),
    };
  }
  if (!detection.runnable)
    return { enabled: true, runnable: false, reason: detection.reason, ...nothing, log: "", updatedAt: null };
  const [row] = await db.select().from(appRuns).where(eq(appRuns.chatId, chatId));
  if (!row)
    return {
      enabled: true,
      runnable: true,
      reason: null,
      ...nothing,
      script: detection.plan.script,
      log: "",
      updatedAt: null,
    };
  return {
    enabled: true,
    runnable: true,
    reason: null,
    script: detection.plan.script,
    state: row.state,
    // A stopped app's earlier crash is history (its log still says it), not its state.
    ...(row.state === "stopped"
      ? { message: null, failedStep: null, exitCode: null }
      : {
          message: row.message,
          failedStep: row.failedStep === "install" || row.failedStep === "run" ? row.failedStep : null,
          exitCode: row.exitCode,
        }),
    stopReason: row.state === "stopped" ? row.stopReason : null,
    log: logTail(row.log),
    updatedAt: row.updatedAt.toISOString(),
  };
}
