import type { ChatApp } from "@/lib/api/schemas";

/** At most this much of the log's end goes into the prompt (lines, characters). */
const PROMPT_LINES = 60;
const PROMPT_CHARS = 6_000;

/** The message "Fix with agent" sends for a crashed app or a failed install: what failed and the log's end. */
export function appFixPrompt(app: Pick<ChatApp, "failedStep" | "message" | "script" | "log">): string {
  const what =
    app.failedStep === "install"
      ? "Installing the app's dependencies failed"
      : `The app's server (the \`${app.script ?? "dev"}\` script) crashed`;
  const tail = app.log.trimEnd().split("\n").slice(-PROMPT_LINES).join("\n").slice(-PROMPT_CHARS);
  const message = app.message ? `: ${app.message}` : ".";
  return `${what}${message}\nIts log ends with:\n\`\`\`\n${tail || "(nothing logged)"}\n\`\`\`\nPlease fix it.`;
}
