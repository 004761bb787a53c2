import "server-only";
import type { KnownPart } from "@/lib/api";
import { integrationRequestPart, permissionRequestPart, scriptCommand } from "../approvals/requests";
import { asksForIntegrations, type ParsedPrompt } from "./directives";
import { buildOutput, scriptOutput, verboseBuildOutput } from "./outputs";
import {
  integrationOutcomeNote,
  integrationRequestText,
  scriptDoneText,
  scriptRequestText,
  keptNote,
  skippedNote,
  summaryText,
  supersededNote,
  thinkingText,
} from "./texts";
import { DEFAULT_SUBJECT, generateTitle } from "../generation/title";
import { buildWebApp, isOwnAppFile, type GeneratedFile } from "./webapp";
import { entryFileUpdate, extraFiles } from "./extra-files";
import { nodeAppFiles } from "./node-app";

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
  | {
      kind: "part";
      part: KnownPart;
      chunks?: string[];
      write?: { path: string; content: string; encoding?: "utf8" | "base64" };
      /** Real work done while the part runs (e.g. an MCP tool call); its result is merged into the part. */
      run?: () => Promise<Partial<KnownPart>>;
    }
  /** Adds the part that asks the user, then stops: the message finishes with finishReason "tool-calls". */
  | { kind: "block"; part: KnownPart }
  /** Stops with an error (the message finishes with finishReason "error"). */
  | { kind: "fail"; message: string; code: string };

export interface ExistingFile {
  path: string;
  content: string;
  locked: boolean;
  /** The person wrote its content by hand since the agent last wrote it: the agent builds on it, not over it. */
  editedByHand?: boolean;
  /** Default utf8; base64 files are never annotated (extra-files.ts). */
  encoding?: "utf8" | "base64";
}

/** The message continues one that waited for the user, who answered with a resolve. */
export type Resume =
  /** `connected` were confirmed; `missing` were requested but not connected (all of them when rejected). */
  | { kind: "integrations"; connected: string[]; missing: string[] }
  /** The script was approved: run it. */
  | { kind: "permissions"; path: string; command: string };

/** The previous answer's request that the user left unanswered by sending this prompt (it was rejected). */
export type Superseded = { kind: "integrations"; names: string[] } | { kind: "permissions"; path: string };

export interface ScriptContext {
  /** The prompt being worked on (for a resume: the prompt of the message that blocked). */
  prompt: ParsedPrompt;
  /** The chat's title so far (null: none generated yet). */
  chatTitle: string | null;
  /** Texts of the chat's user messages before the prompt (directives removed), oldest first: the last ones. */
  earlierRequests: string[];
  /** How many user messages came before `earlierRequests` (not read; 0 by default). */
  forgottenRequests?: number;
  files: ExistingFile[];
  resume?: Resume;
  superseded?: Superseded;
  /** The app throws when its page loads (`/broken`, until a prompt asks to fix it). */
  broken?: boolean;
}

/**
 * What the chat holds: nothing yet (`new`), the agent's app (`app`), or only files the agent did not write
 * (`imported`, a chat started from files): it builds on those instead of writing its app over them.
 */
export type ProjectKind = "new" | "app" | "imported";

export function projectKind(files: readonly ExistingFile[]): ProjectKind {
  if (files.length === 0) return "new";
  return files.some(isOwnAppFile) ? "app" : "imported";
}

/** Where the agent's starter template lives (read on a fresh chat before it creates the app). */
const TEMPLATE_DIR = "templates/static-app";

/**
 * A new prompt: [title] thinking → search → file-read, then
 * - `/fail`: an error; `/integration …`: a text and the integration request (blocks);
 * - otherwise the build (plan → file-edits → tool-call → bash), then `/script path`: a text and the permission
 *   request (blocks), or the summary text.
 * A resume after integrations continues with the build; a resume after permissions runs the script.
 */
export function buildScript(ctx: ScriptContext): Step[] {
  const request = ctx.prompt.text || DEFAULT_SUBJECT;
  const title = ctx.chatTitle ?? generateTitle(request);
  if (ctx.resume?.kind === "permissions") return runApprovedScript(ctx.resume, title);

  const requests = [...ctx.earlierRequests.map((r) => r || DEFAULT_SUBJECT), request];
  const earlier = ctx.forgottenRequests ?? 0;
  const project = projectKind(ctx.files);
  const fresh = project === "new";
  // An imported project keeps its files: no app is written over them.
  const app =
    project === "imported"
      ? []
      : [
          ...buildWebApp({ title, requests, earlier, broken: ctx.broken }),
          ...(ctx.prompt.directives.nodeApp ? nodeAppFiles(title) : []),
        ];
  const existing = new Map(ctx.files.map((f) => [f.path, f]));
  // The app's files plus `/image` and other files the prompt names (extra-files.ts); in an imported project that
  // names none, its entry file. Locked ones are skipped.
  const named = extraFiles({ prompt: ctx.prompt, request, title, files: ctx.files, appPaths: app.map((f) => f.path) });
  const planned =
    project === "imported" && !named.some((f) => f.encoding !== "base64")
      ? [...named, ...entryFileUpdate(ctx.files, request)]
      : [...app, ...named];
  const locked = planned.filter((f) => existing.get(f.path)?.locked);
  // Files the person edited by hand keep their content: the answer builds on the edit instead of writing over it.
  const kept = planned.filter((f) => !existing.get(f.path)?.locked && existing.get(f.path)?.editedByHand);
  const writable = planned.filter((f) => !existing.get(f.path)?.locked && !kept.includes(f));
  const { directives } = ctx.prompt;
  const steps: Step[] = [];

  if (ctx.chatTitle === null) steps.push({ kind: "title", title });

  const notes: string[] = [];
  if (kept.length) notes.push(keptNote(kept));
  if (ctx.superseded) notes.push(supersededNote(ctx.superseded));
  if (ctx.resume) notes.push(integrationOutcomeNote(ctx.resume.connected, ctx.resume.missing));
  steps.push(
    textStep(
      "thinking",
      thinkingText({ request, title, project, requests, number: earlier + requests.length, locked, notes }),
    ),
  );

  if (!ctx.resume) {
    const web = directives.web;
    steps.push({
      kind: "part",
      part: web
        ? { type: "search", scope: "web", query: web }
        : { type: "search", scope: "repo", query: fresh ? "index.html styles.css app.js" : keywords(request) },
    });
    steps.push({
      kind: "part",
      part: {
        type: "file-read",
        paths: fresh ? app.map((f) => `${TEMPLATE_DIR}/${f.path}`) : ctx.files.map((f) => f.path),
      },
    });
    if (directives.fail) {
      steps.push({ kind: "fail", message: "The agent failed as the /fail directive asked.", code: "scripted_failure" });
      return steps;
    }
    if (asksForIntegrations(directives)) {
      const integrations = directives.integrations ?? [];
      const presets = directives.mcpPresets ?? [];
      steps.push(textStep("text", integrationRequestText(integrations, presets)));
      steps.push({ kind: "block", part: integrationRequestPart(integrations, presets) });
      return steps;
    }
  }

  steps.push(
    ...buildSteps({
      built: project === "imported" ? planned : app,
      writable,
      locked,
      kept,
      existing,
      title,
      verbose: directives.slow,
    }),
  );

  if (directives.script) {
    const ask = scriptRequestText(directives.script, scriptCommand(directives.script));
    steps.push(textStep("text", locked.length ? `${skippedNote(locked)}\n\n${ask}` : ask));
    steps.push({ kind: "block", part: permissionRequestPart(directives.script) });
    return steps;
  }

  const summaryNotes = [
    ...(kept.length ? [keptNote(kept)] : []),
    ...(ctx.resume ? [integrationOutcomeNote(ctx.resume.connected, ctx.resume.missing)] : []),
  ];
  steps.push(
    textStep(
      "text",
      summaryText({ title, request, project, written: writable, locked, existing, notes: summaryNotes }),
    ),
  );
  return steps;
}

/** The build's time limit, shown on its bash part. */
const BUILD_TIMEOUT_MS = 120_000;

/** plan → file-edit per writable file → project check (tool-call) → build (bash). */
function buildSteps(opts: {
  /** The files the check and the build go over. */
  built: GeneratedFile[];
  writable: GeneratedFile[];
  locked: GeneratedFile[];
  /** Files edited by hand, kept as they are. */
  kept: GeneratedFile[];
  existing: ReadonlyMap<string, ExistingFile>;
  title: string;
  verbose: boolean;
}): Step[] {
  const { built, writable, locked, existing, title } = opts;
  const steps: Step[] = [
    {
      kind: "part",
      part: {
        type: "agent-action",
        name: "plan",
        summary: `Planned ${writable.length} file change${writable.length === 1 ? "" : "s"}, a project check and a build`,
        // The document's plan shape: the plan (Markdown), a one-line summary and where the plan is kept.
        data: {
          plan: [
            ...writable.map((f) => `${existing.has(f.path) ? "Update" : "Create"} ${f.path}: ${f.purpose}`),
            ...locked.map((f) => `Leave ${f.path} unchanged (locked)`),
            ...opts.kept.map((f) => `Keep ${f.path} as you edited it`),
            "Check the project",
            "Run the build",
          ]
            .map((line, i) => `${i + 1}. ${line}`)
            .join("\n"),
          summary: `Build ${title}`,
          path: ".atelier/plan.md",
        },
      },
    },
  ];
  for (const file of writable) {
    steps.push({
      kind: "part",
      part: { type: "file-edit", operation: existing.has(file.path) ? "update" : "create", path: file.path },
      write: { path: file.path, content: file.content, encoding: file.encoding },
    });
  }
  const checked = built.map((f) => ({
    path: f.path,
    lines: f.content.split("\n").length,
    bytes: Buffer.byteLength(f.content),
    locked: locked.includes(f),
  }));
  steps.push({
    kind: "part",
    part: {
      type: "tool-call",
      name: "check_project",
      toolDisplayName: "Check project",
      input: { files: built.map((f) => f.path), rules: ["html-valid", "links-resolve", "no-inline-handlers"] },
      output: {
        ok: true,
        checkedFiles: checked.length,
        problems: [],
        files: checked,
        totals: { lines: checked.reduce((n, f) => n + f.lines, 0), bytes: checked.reduce((n, f) => n + f.bytes, 0) },
      },
      status: "ok",
    },
  });
  steps.push({
    kind: "part",
    part: opts.verbose
      ? {
          type: "bash",
          command: "npm run build -- --verbose",
          output: verboseBuildOutput(title, built),
          exitCode: 0,
          timeoutMs: BUILD_TIMEOUT_MS,
        }
      : {
          type: "bash",
          command: "npm run build",
          output: buildOutput(title, built),
          exitCode: 0,
          timeoutMs: BUILD_TIMEOUT_MS,
        },
  });
  return steps;
}

/** After the user approved the script: thinking → the dangerous bash part → summary. */
function runApprovedScript(resume: Extract<Resume, { kind: "permissions" }>, title: string): Step[] {
  const output = scriptOutput(resume.command, resume.path, title);
  return [
    textStep(
      "thinking",
      `You approved running \`${resume.path}\`. I run it now with \`${resume.command}\` and report what it did.`,
    ),
    { kind: "part", part: { type: "bash", command: resume.command, output, isDangerous: true, exitCode: 0 } },
    textStep("text", scriptDoneText(title, resume.path, resume.command, output)),
  ];
}

export function textStep(type: "text" | "thinking", text: string): Step {
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
  const stop = new Set([
    "the",
    "a",
    "an",
    "and",
    "or",
    "with",
    "to",
    "of",
    "for",
    "in",
    "on",
    "it",
    "make",
    "add",
    "please",
    "that",
  ]);
  const words = request
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter((w) => w.length > 2 && !stop.has(w));
  return words.slice(0, 4).join(" ") || "index.html";
}
