import "server-only";
import type { AppRunState } from "./schema";

/** A GET there (on the chat's preview origin, with its token) restarts its app and goes back to `/`. */
export const RESTART_PATH = "/__atelier/app/restart";

const TITLES: Record<AppRunState, string> = {
  installing: "Installing the app's dependencies…",
  starting: "Starting the app…",
  running: "The app is running.",
  crashed: "The app stopped.",
  stopped: "The app is stopped.",
};

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The lines of the log shown on the page (its end). */
const TAIL_LINES = 40;

/**
 * What the preview shows while a chat's app is not answering yet or has stopped: its state, why (a crash's or a
 * failed install's message) and the log's tail, a Restart link; it looks again by itself (a refresh every second or
 * two), so the page turns into the app once it listens, and after a crash once an edit of the files restarted it.
 */
export function appStatusPage(
  app: { state: AppRunState; message: string | null; log: string; failedStep: string | null },
  head: boolean,
  headers: Record<string, string>,
): Response {
  const waiting = app.state === "installing" || app.state === "starting";
  const tail = app.log.split("\n").slice(-TAIL_LINES).join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<noscript><meta http-equiv="refresh" content="${waiting ? 1 : 2}"></noscript>
<script>setTimeout(() => location.reload(), ${waiting ? 1000 : 2000});</script>
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(TITLES[app.state])}</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:0;padding:24px;color:#111;background:#fff}
@media (prefers-color-scheme:dark){body{color:#eee;background:#111}pre{background:#1c1c1c!important}}
h1{font-size:16px;margin:0 0 8px}p{margin:0 0 12px}pre{background:#f4f4f5;padding:12px;border-radius:6px;overflow:auto;
max-height:60vh;white-space:pre-wrap;font:12px/1.4 ui-monospace,monospace}a{color:inherit}
</style></head>
<body><main data-testid="app-status" data-state="${app.state}">
<h1>${escape(TITLES[app.state])}</h1>
${app.message ? `<p data-testid="app-status-message">${escape(app.message)}</p>` : ""}
${waiting ? "" : `<p><a href="${RESTART_PATH}" data-testid="app-restart">Restart the app</a></p>`}
${tail.trim() ? `<pre data-testid="app-log" aria-label="The app's log">${escape(tail)}</pre>` : ""}
</main></body></html>
`;
  const body = Buffer.from(html, "utf8");
  return new Response(head ? null : new Uint8Array(body), {
    status: waiting ? 503 : 502,
    headers: {
      ...headers,
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      ...(waiting ? { "retry-after": "1" } : {}),
      "x-atelier-app-state": app.state,
    },
  });
}
