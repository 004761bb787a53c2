import "server-only";
import type { ProjectKind } from "./script";
import { featuresOf, isDark, type GeneratedFile } from "./webapp";

/** The scripted agent's prose: thinking traces and the Markdown of its text parts. Pure. */

interface ExistingFileRef {
  path: string;
}

/** "A", "A and B", "A, B and C". */
function andList(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const bolded = (items: string[]) => items.map((i) => `**${i}**`);

/** A code fence longer than any backtick run inside the code, so user text cannot close it early. */
function fenced(lang: string, code: string): string {
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${lang}\n${code}\n${fence}`;
}

export function thinkingText(opts: {
  request: string;
  title: string;
  project: ProjectKind;
  requests: string[];
  /** The request's number in the chat (requests may hold only the last ones). */
  number?: number;
  locked: GeneratedFile[];
  /** Extra paragraphs first (what happened to a previous request). */
  notes?: string[];
}): string {
  const { request, title, project, requests, locked } = opts;
  const features = featuresOf(request);
  const lines = [
    ...(opts.notes ?? []),
    `The request: "${request}".`,
    project === "new"
      ? `This is a new project, so I will start from the static-app template and create "${title}" as a small web app.`
      : project === "imported"
        ? `This project was imported, so I build on its files: I change the ones the request names (or its entry file) and leave the rest as they are.`
        : `This continues "${title}" (request ${opts.number ?? requests.length}), so I will update the existing files to match.`,
    ...(project === "imported"
      ? []
      : [
          `Structure: index.html for the page, styles.css for a ${isDark(requests) ? "dark" : "light"} theme, app.js for the interactive list.`,
        ]),
  ];
  if (features.length) lines.push(`Features to cover: ${features.join(", ")}.`);
  if (locked.length) {
    lines.push(
      `${locked.map((f) => f.path).join(", ")} ${locked.length === 1 ? "is" : "are"} locked; I must not change ${locked.length === 1 ? "it" : "them"}.`,
    );
  }
  lines.push("Afterwards I will check the project and run the build.");
  return lines.join("\n\n");
}

/** What the agent says about locked files its plan touched: "Skipped `a` and `b`: they are locked, …". */
export function skippedNote(locked: readonly { path: string }[]): string {
  const one = locked.length === 1;
  return `Skipped ${andList(locked.map((f) => `\`${f.path}\``))}: ${one ? "it is" : "they are"} locked, so I left ${one ? "it" : "them"} unchanged.`;
}

/** Files the person edited by hand, which the answer keeps as they are. */
export function keptNote(kept: readonly { path: string }[]): string {
  const one = kept.length === 1;
  return `Kept your hand edit${one ? "" : "s"} of ${andList(kept.map((f) => `\`${f.path}\``))}: I built on ${one ? "it" : "them"} instead of writing my version over ${one ? "it" : "them"}.`;
}

/** The closing summary: heading, quote, a GFM table of the files, a code fence, paragraphs. */
export function summaryText(opts: {
  title: string;
  request: string;
  project: ProjectKind;
  written: GeneratedFile[];
  locked: GeneratedFile[];
  existing: ReadonlyMap<string, ExistingFileRef>;
  /** Extra paragraphs before the closing line (integrations, scripts). */
  notes?: string[];
}): string {
  const { title, request, project, written, locked, existing } = opts;
  const did = {
    new: "I built a small static web app",
    app: "I updated the app",
    imported: "I updated your imported project",
  }[project];
  const rows = written.map((f) => `| \`${f.path}\` | ${existing.has(f.path) ? "updated" : "created"} | ${f.purpose} |`);
  const lines = [
    `## ${title}`,
    "",
    `${did} for this request:`,
    "",
    `> ${request.replace(/\n/g, " ")}`,
    "",
    "| File | Change | What it holds |",
    "|---|---|---|",
    ...rows,
    "",
  ];
  if (locked.length) lines.push(skippedNote(locked), "");
  lines.push("The project check found **no problems** and the build succeeded.", "");
  const app = written.find((f) => f.path === "app.js");
  const settings = app?.content
    .split("\n")
    .filter((l) => /^\s*var (STORAGE_KEY|STARTER) =/.test(l))
    .map((l) => l.trim());
  if (settings?.length) {
    lines.push(
      "### How it works",
      "",
      "- The list lives in `app.js` and is kept in the browser's `localStorage`.",
      "- It starts with these items (the features you asked for, or a short starter list):",
      "",
      fenced("js", settings.join("\n")),
      "",
    );
  }
  for (const note of opts.notes ?? []) lines.push(note, "");
  lines.push("Open the preview to try it, or send a follow-up message to change it.");
  return lines.join("\n");
}

/** Why the agent stops to ask for integrations. */
export function integrationRequestText(integrations: string[], presets: string[]): string {
  const asks: string[] = [];
  if (integrations.length)
    asks.push(`the ${andList(bolded(integrations))} integration${integrations.length === 1 ? "" : "s"}`);
  if (presets.length) asks.push(`the MCP preset${presets.length === 1 ? "" : "s"} ${andList(bolded(presets))}`);
  return [
    `To build this properly I need ${andList(asks)}.`,
    "",
    "Install them and confirm, and I will continue with them connected. If you reject the request, I will continue without them.",
  ].join("\n");
}

/** The note of a resumed message on the integrations it got. */
export function integrationOutcomeNote(connected: string[], missing: string[]): string {
  const parts: string[] = [];
  if (connected.length)
    parts.push(
      `${andList(connected)} ${connected.length === 1 ? "is" : "are"} connected now, so I use ${connected.length === 1 ? "it" : "them"}.`,
    );
  if (missing.length) {
    parts.push(
      `The request for ${andList(missing)} was rejected, so I continue without ${missing.length === 1 ? "it" : "them"}: the app keeps its data in the browser instead.`,
    );
  }
  return parts.join(" ");
}

/** Why the agent stops to ask for permission to run a script. */
export function scriptRequestText(path: string, command: string): string {
  return [
    "The app is built and the build passed.",
    "",
    `Next I want to run \`${path}\` (\`${command}\`) to fill the app with sample data. A script can change things outside the project, so it needs your approval.`,
  ].join("\n");
}

/** The summary after an approved script ran. */
export function scriptDoneText(title: string, path: string, command: string, output: string): string {
  const last = output.split("\n").filter(Boolean).slice(-2);
  return [
    `## Ran \`${path}\``,
    "",
    `You approved the script, so I ran it for **${title}**:`,
    "",
    "| Step | Result |",
    "|---|---|",
    `| \`${command}\` | finished |`,
    `| output | ${last.join(" ").replace(/\|/g, "\\|")} |`,
    "",
    fenced("sh", command),
    "",
    "The sample data is in place. Open the preview to see it.",
  ].join("\n");
}

/** What the agent says when the user sent a new message instead of answering a request. */
export function supersededNote(
  request: { kind: "integrations"; names: string[] } | { kind: "permissions"; path: string },
): string {
  return request.kind === "permissions"
    ? `You sent a new message instead of approving \`${request.path}\`, so that request is rejected and I did not run the script.`
    : `You sent a new message instead of answering the request for ${andList(request.names)}, so I continue without ${request.names.length === 1 ? "it" : "them"}.`;
}
