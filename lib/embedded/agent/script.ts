import "server-only";
import type { KnownPart } from "@/lib/api";
import type { ParsedPrompt } from "./directives";
import { DEFAULT_SUBJECT, generateTitle, slugify } from "./title";
import { buildWebApp, featuresOf, hashString, isDark, type GeneratedFile } from "./webapp";

/**
 * The scripted agent's plan for one assistant message: a list of steps, computed up front from the prompt
 * and the chat's state. Pure and deterministic; the runner executes it (persisting and emitting as it goes).
 */
export type Step =
  /** Sets the chat title (emitted as `chat.title`). */
  | { kind: "title"; title: string }
  /**
   * Adds one part. `chunks` (for text and thinking) are appended to an initially empty `text` one by one,
   * so the text streams; `write` is stored as a chat file when the part runs.
   */
  | { kind: "part"; part: KnownPart; chunks?: string[]; write?: { path: string; content: string } }
  /** Stops with an error (the message finishes with finishReason "error"). */
  | { kind: "fail"; message: string; code: string };

export interface ExistingFile {
  path: string;
  content: string;
  locked: boolean;
}

export interface ScriptContext {
  prompt: ParsedPrompt;
  /** The chat's title so far (null: none generated yet). */
  chatTitle: string | null;
  /** Texts of the chat's earlier user messages (directives removed), oldest first. */
  earlierRequests: string[];
  files: ExistingFile[];
}

/** Where the agent's starter template lives (read on a fresh chat before it creates the app). */
export const TEMPLATE_DIR = "templates/static-app";

export function buildScript(ctx: ScriptContext): Step[] {
  const request = ctx.prompt.text || DEFAULT_SUBJECT;
  const title = ctx.chatTitle ?? generateTitle(request);
  const requests = [...ctx.earlierRequests.map((r) => r || DEFAULT_SUBJECT), request];
  const app = buildWebApp({ title, requests });
  const existing = new Map(ctx.files.map((f) => [f.path, f]));
  const fresh = ctx.files.length === 0;
  const locked = app.filter((f) => existing.get(f.path)?.locked);
  const writable = app.filter((f) => !existing.get(f.path)?.locked);
  const steps: Step[] = [];

  if (ctx.chatTitle === null) steps.push({ kind: "title", title });

  steps.push(textStep("thinking", thinkingText(request, title, fresh, requests, locked)));

  const web = ctx.prompt.directives.web;
  steps.push({
    kind: "part",
    part: web
      ? { type: "search", scope: "web", query: web }
      : { type: "search", scope: "repo", query: fresh ? "index.html styles.css app.js" : keywords(request) },
  });

  steps.push({
    kind: "part",
    part: { type: "file-read", paths: fresh ? app.map((f) => `${TEMPLATE_DIR}/${f.path}`) : ctx.files.map((f) => f.path) },
  });

  if (ctx.prompt.directives.fail) {
    steps.push({ kind: "fail", message: "The agent failed as the /fail directive asked.", code: "scripted_failure" });
    return steps;
  }

  steps.push({
    kind: "part",
    part: {
      type: "agent-action",
      name: "plan",
      data: {
        steps: [
          ...writable.map((f) => `${existing.has(f.path) ? "Update" : "Create"} ${f.path}: ${f.purpose}`),
          ...locked.map((f) => `Leave ${f.path} unchanged (locked)`),
          "Check the project",
          "Run the build",
        ],
      },
    },
  });

  for (const file of writable) {
    steps.push({
      kind: "part",
      part: { type: "file-edit", operation: existing.has(file.path) ? "update" : "create", path: file.path },
      write: { path: file.path, content: file.content },
    });
  }

  const checked = app.map((f) => f.path);
  steps.push({
    kind: "part",
    part: {
      type: "tool-call",
      name: "check_project",
      toolDisplayName: "Check project",
      input: { files: checked, rules: ["html-valid", "links-resolve", "no-inline-handlers"] },
      output: { ok: true, checkedFiles: checked.length, problems: [] },
      status: "ok",
    },
  });

  steps.push({
    kind: "part",
    part: { type: "bash", command: "npm run build", output: buildOutput(title, app) },
  });

  steps.push(textStep("text", summaryText(title, request, fresh, writable, locked, existing)));
  return steps;
}

function textStep(type: "text" | "thinking", text: string): Step {
  return { kind: "part", part: { type, text }, chunks: chunkText(text, 6) };
}

/** Splits text into about `n` chunks at word boundaries; joined they give the text back. */
export function chunkText(text: string, n: number): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [text];
  const size = Math.max(1, Math.ceil(words.length / n));
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += size) chunks.push(words.slice(i, i + size).join(""));
  return chunks.length ? chunks : [""];
}

function keywords(request: string): string {
  const stop = new Set(["the", "a", "an", "and", "or", "with", "to", "of", "for", "in", "on", "it", "make", "add", "please", "that"]);
  const words = request
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter((w) => w.length > 2 && !stop.has(w));
  return words.slice(0, 4).join(" ") || "index.html";
}

function thinkingText(request: string, title: string, fresh: boolean, requests: string[], locked: GeneratedFile[]): string {
  const features = featuresOf(request);
  const lines = [
    `The request: "${request}".`,
    fresh
      ? `This is a new project, so I will start from the static-app template and create "${title}" as a small web app.`
      : `This continues "${title}" (request ${requests.length}), so I will update the existing files to match.`,
    `Structure: index.html for the page, styles.css for a ${isDark(requests) ? "dark" : "light"} theme, app.js for the interactive list.`,
  ];
  if (features.length) lines.push(`Features to cover: ${features.join(", ")}.`);
  if (locked.length) lines.push(`${locked.map((f) => f.path).join(", ")} ${locked.length === 1 ? "is" : "are"} locked; I must not change ${locked.length === 1 ? "it" : "them"}.`);
  lines.push("Afterwards I will check the project and run the build.");
  return lines.join("\n\n");
}

function buildOutput(title: string, files: GeneratedFile[]): string {
  const slug = slugify(title);
  const rows = files.map((f) => `  dist/${f.path.padEnd(12)} ${(Buffer.byteLength(f.content) / 1024).toFixed(2).padStart(6)} kB`);
  const ms = 20 + (hashString(files.map((f) => f.content).join("")) % 60);
  return [
    `> ${slug}@0.1.0 build`,
    "> node scripts/build.mjs",
    "",
    "Checking 3 files…",
    ...rows,
    "",
    `✓ built ${files.length} files in ${ms}ms`,
  ].join("\n");
}

function summaryText(
  title: string,
  request: string,
  fresh: boolean,
  written: GeneratedFile[],
  locked: GeneratedFile[],
  existing: Map<string, ExistingFile>,
): string {
  const rows = written.map((f) => `| \`${f.path}\` | ${existing.has(f.path) ? "updated" : "created"} | ${f.purpose} |`);
  const lines = [
    `## ${title}`,
    "",
    `${fresh ? "I built a small static web app" : "I updated the app"} for this request:`,
    "",
    `> ${request.replace(/\n/g, " ")}`,
    "",
    "| File | Change | What it holds |",
    "|---|---|---|",
    ...rows,
    "",
  ];
  if (locked.length) lines.push(`Locked and left unchanged: ${locked.map((f) => `\`${f.path}\``).join(", ")}.`, "");
  lines.push(
    "The project check found **no problems** and the build succeeded.",
    "",
    "Open the preview to try it, or send a follow-up message to change it.",
  );
  return lines.join("\n");
}
