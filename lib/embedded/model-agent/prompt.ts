import "server-only";
import type { ModelMessage, UserContent } from "ai";
import type { Part } from "@/lib/api";
import { outcomeOf } from "../approvals/requests";
import type { ChatFileRow, MessageRow } from "../store";

/** Characters of one earlier message the model reads at least (the rest is cut; see messageChars in history.ts). */
export const MESSAGE_CHARS = 4_000;
/** File names listed in the system prompt. */
const LISTED_FILES = 200;

const OURS = `You are the agent of Atelier, a chat code-generation service. The user describes a web app; you build it, or change the app the project already holds, with the tools.

{{APP_KIND}}
- When the project has files, read what you change first and edit the existing files rather than starting over. Prefer edit_file for small changes and write_file for new files or full rewrites.
- Locked files cannot be changed: leave them as they are and say so.
- When the app needs an external service the user must connect (a database, payments, auth, an MCP server), call request_integration and stop.
- Finish with a short Markdown summary for the user: what you built or changed, file by file.`;

const STATIC_APP =
  "- Build a working static web app: index.html, styles.css and app.js at the top level (plain HTML, CSS and JavaScript; no build step and no npm packages; CDN links are fine). index.html links the CSS and the script.";
/** With the app runtime (APP_RUNTIME=on): what runs in the preview. */
const RUNNING_APP =
  "- Build a working web app. A static one (index.html, styles.css and app.js at the top level, plain HTML, CSS and JavaScript) is served as it is. An app with a package.json at the top level whose `dev` script (else `start`) starts a server runs in the preview: its dependencies are installed with npm (from the lockfile when there is one; their install scripts do not run), then the script runs with PORT set and must listen on it (a Vite dev server is found on its own port). Prefer a small dependency list; a plain Node server needs none. A deployment of such an app runs its `build` script (without network) and publishes the static files it writes to dist/ (else build/ or out/), served under a sub-path: build with relative asset URLs (Vite: `base: './'`).";

/**
 * Our instructions, the chat's own system prompt if any, the project's file names, the names (never the values)
 * of the project's environment variables, and the files the person changed by hand since the agent's last answer
 * (`handEdits`, from `handEditsSince`).
 */
export function systemPrompt(
  files: readonly ChatFileRow[],
  chatSystemPrompt: string | undefined,
  envNames: readonly string[] = [],
  handEdits: readonly string[] = [],
  appsRun = false,
): string {
  const listed = files.slice(0, LISTED_FILES).map((f) => `- ${f.path}${f.locked ? " (locked)" : ""}`);
  const more = files.length > LISTED_FILES ? [`- … and ${files.length - LISTED_FILES} more (list_files)`] : [];
  const project = files.length
    ? `The project's files (${files.length}):\n${[...listed, ...more].join("\n")}`
    : "The project has no files yet.";
  const own = chatSystemPrompt?.trim();
  const edited = handEdits.length
    ? `Since your last answer the user changed these files by hand:\n${handEdits.map((e) => `- ${e}`).join("\n")}\nTheir content is the user's: read them before changing them, build on their changes and do not undo them.`
    : null;
  const env = envNames.length
    ? `The project's environment variables (set in the environment of the commands you run, of the app when it runs and of its deployment's build, read them from process.env; their values are secret and not shown): ${envNames.join(", ")}`
    : null;
  return [
    OURS.replace("{{APP_KIND}}", appsRun ? RUNNING_APP : STATIC_APP),
    own ? `The user's instructions for this chat:\n${own}` : null,
    project,
    env,
    edited,
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** One file change of a hand edit, as the model reads it: "update app.js", "rename a.js → b.js". */
function editLine(part: Part): string | null {
  if (part.type !== "file-edit") return null;
  const e = part as { operation: string; path: string; toPath?: string };
  return `${e.operation} ${e.path}${e.toPath ? ` → ${e.toPath}` : ""}`;
}

/** The changes of the hand edits recorded after the agent's last answer, oldest first. */
export function handEditsSince(earlier: readonly MessageRow[]): string[] {
  const edits: string[][] = [];
  for (let i = earlier.length - 1; i >= 0; i--) {
    const m = earlier[i]!;
    if (m.role !== "assistant") continue;
    if (!m.kind || m.kind === "forked-chat") break;
    edits.unshift(m.parts.map(editLine).filter((l): l is string => l !== null));
  }
  return edits.flat();
}

/**
 * The conversation before the answer as model messages: user prompts as they were written; assistant answers as their
 * text plus a note of what they did (files changed, requests to the user and their answers). When the answer continues
 * a message that waited for the user (a resolve), a last user message says how the user answered. The prompt being
 * answered carries its attachments when given (`attached`).
 */
export function historyMessages(
  earlier: readonly MessageRow[],
  /** The prompt being answered with its attachments (attachments.ts), in place of its text. */
  attached?: { messageId: string; content: UserContent },
  /** Characters of one message read (the rest is cut). */
  chars: number = MESSAGE_CHARS,
): ModelMessage[] {
  const cut = (text: string) => cutAt(text, chars);
  const messages: ModelMessage[] = [];
  for (const m of earlier) {
    // A record (a hand edit, new environment variables): the person's own change, told as theirs (a hand edit's
    // recording answer is not the model's). A branch's first message is an ordinary prompt.
    if (m.kind && m.kind !== "forked-chat") {
      if (m.role === "user") messages.push({ role: "user", content: `[${cut(m.content)}]` });
      continue;
    }
    if (m.role === "user" && attached?.messageId === m.id) messages.push({ role: "user", content: attached.content });
    else if (m.role === "user") messages.push({ role: "user", content: cut(m.content) || "(empty message)" });
    else {
      const text = [m.content, actionsNote(m.parts)].filter(Boolean).join("\n\n");
      if (text) messages.push({ role: "assistant", content: cut(text) });
    }
  }
  const last = earlier.at(-1);
  const outcome = last ? outcomeOf(last) : null;
  if (last?.role === "assistant" && outcome?.kind === "integrations") {
    const missing = outcome.requested.filter((n) => !outcome.connected.includes(n));
    messages.push({
      role: "user",
      content: [
        outcome.connected.length ? `I connected ${outcome.connected.join(", ")}.` : null,
        missing.length ? `I did not connect ${missing.join(", ")}.` : null,
        "Continue the task.",
      ]
        .filter(Boolean)
        .join(" "),
    });
  }
  return messages;
}

/** What an earlier answer did, in a line or two the model can rely on. */
function actionsNote(parts: readonly Part[]): string {
  const changed: string[] = [];
  const notes: string[] = [];
  for (const p of parts) {
    if (p.type === "file-edit") {
      const e = p as { operation: string; path: string; toPath?: string };
      changed.push(`${e.operation} ${e.path}${e.toPath ? ` → ${e.toPath}` : ""}`);
    } else if (p.type === "agent-action" && (p as { name?: string }).name === "get_or_request_integration") {
      const data = ((p as { data?: Record<string, unknown> }).data ?? {}) as Record<string, unknown>;
      const names = [data.requestedIntegrations, data.requestedMcpPresets].flat().filter(Boolean).join(", ");
      notes.push(`[asked the user to connect ${names}: ${String(data.status ?? "pending")}]`);
    } else if (p.type === "tool-call" && (p as { name: string }).name === "run_script") {
      const call = p as { input?: { command?: string }; status?: string; suggestedPermissions?: unknown[] };
      const answer = call.suggestedPermissions?.length ? "pending" : call.status === "ok" ? "approved" : "not approved";
      notes.push(`[asked permission to run \`${call.input?.command ?? ""}\`: ${answer}]`);
    } else if (p.type === "tool-call") {
      notes.push(`[called ${(p as { name: string }).name}]`);
    } else if (p.type === "bash") {
      const b = p as { command: string; exitCode?: number | null };
      notes.push(`[ran \`${b.command}\`: exit code ${b.exitCode ?? "none (killed)"}]`);
    }
  }
  if (changed.length) notes.unshift(`[changed files: ${changed.join(", ")}]`);
  return notes.join("\n");
}

function cutAt(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars)}\n[…]` : text;
}
