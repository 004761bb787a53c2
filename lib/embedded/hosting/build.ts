import "server-only";
import { newId } from "../ids";
import { type Db, type DeploymentLogLine, type DeploymentRow, type VersionFile } from "../store";
import * as deploymentsStore from "./store";

/**
 * The embedded hosting's "build" (wire-decisions.md "Deployments"): a deployment is created pending with the
 * version's files copied into it and its first log lines; `buildMs` later it is settled by whoever reads it first
 * (an API read, the list, the site itself; any instance: the settling update applies only while it is pending):
 * ready when the snapshot has an `index.html` at its root, else error with the reason logged and reported by
 * `…/errors`. No timer, so nothing is lost when an instance stops.
 */

export const DEFAULT_DEPLOYMENT_BUILD_MS = 1_500;

const line = (at: Date, text: string, level: DeploymentLogLine["level"] = "info"): DeploymentLogLine => ({
  id: newId("log"),
  at: at.toISOString(),
  text,
  type: level === "error" ? "stderr" : "stdout",
  level,
});

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The log lines written when the deployment is created. */
export function startLines(
  files: readonly VersionFile[],
  versionId: string,
  at: Date,
  built = false,
): DeploymentLogLine[] {
  const n = files.length;
  return [
    line(at, `Deploying version ${versionId}`),
    line(at, `Uploading ${n} ${n === 1 ? "file" : "files"}`),
    ...(built
      ? [line(at, "Building the app in the sandbox: its install, then its build script; the site is its output folder")]
      : []),
  ];
}

const hasIndex = (files: readonly VersionFile[]) => files.some((f) => f.path === "index.html");

/** Settles a pending deployment once its build time is over; returns the current row either way. */
export async function settle(db: Db, row: DeploymentRow, buildMs: number, now = new Date()): Promise<DeploymentRow> {
  if (row.status !== "pending") return row;
  if (row.buildDeadline) return settleLostBuild(db, row, now);
  if (now.getTime() - row.createdAt.getTime() < buildMs) return row;
  const at = new Date(Math.max(now.getTime(), row.createdAt.getTime() + 1));
  const bytes = row.files.reduce(
    (sum, f) => sum + Buffer.byteLength(f.content, f.encoding === "base64" ? "base64" : "utf8"),
    0,
  );
  const logs = [...row.logs, line(at, `Uploaded ${plural(row.files.length, "file")} (${plural(bytes, "byte")})`)];
  const settled = hasIndex(row.files)
    ? await deploymentsStore.finishBuild(
        db,
        row.id,
        { status: "ready", error: null, logs: [...logs, line(at, "Build completed"), line(at, "Deployment ready")] },
        at,
      )
    : await deploymentsStore.finishBuild(
        db,
        row.id,
        {
          status: "error",
          error: {
            type: "missing_index",
            text: "No index.html at the root of the version's files: the site has no page to serve.",
          },
          logs: [
            ...logs,
            line(
              at,
              "Error: no index.html at the root of the version's files: the site has no page to serve.",
              "error",
            ),
            line(at, "Build failed", "error"),
          ],
        },
        at,
      );
  // Someone else settled it (or deleted it) meanwhile: read what is there now.
  return settled ?? (await deploymentsStore.findDeployment(db, row.id)) ?? row;
}

/**
 * An app built in the sandbox (app-build.ts) is settled by the instance building it; still pending past its deadline,
 * that instance stopped mid-build: failed, saying so.
 */
async function settleLostBuild(db: Db, row: DeploymentRow, now: Date): Promise<DeploymentRow> {
  if (!row.buildDeadline || now.getTime() <= row.buildDeadline.getTime()) return row;
  const text = "The build did not finish: the instance building it stopped. Deploy again.";
  const settled = await deploymentsStore.finishBuild(
    db,
    row.id,
    {
      status: "error",
      error: { type: "build_interrupted", text },
      logs: [...row.logs, line(now, `Error: ${text}`, "error"), line(now, "Build failed", "error")],
    },
    now,
  );
  return settled ?? (await deploymentsStore.findDeployment(db, row.id)) ?? row;
}
