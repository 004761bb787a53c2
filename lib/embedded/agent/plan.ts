import "server-only";
import { outcomeOf } from "../approvals/requests";
import type { ChatFileRow, ChatRow, MessageRow } from "../store";
import { parsePrompt, type ParsedPrompt } from "./directives";
import { buildScript, type Resume, type Step, type Superseded } from "./script";

export interface TurnPlan {
  steps: Step[];
  prompt: ParsedPrompt;
  /** Characters of the prompt being answered and of the rest of the conversation (for usage). */
  promptChars: number;
  historyChars: number;
}

/**
 * What the agent does for an assistant message, read from the stored conversation so it needs no other state:
 * - the message right before it is the user's prompt → a new turn (noting a request that prompt rejected);
 * - it is an assistant message whose request was answered (a resolve) → a resume of that message's prompt.
 */
export function planTurn(opts: {
  chat: ChatRow;
  /** Every message of the chat, oldest first, including `assistantId`. */
  history: MessageRow[];
  assistantId: string;
  files: ChatFileRow[];
}): TurnPlan {
  const at = opts.history.findIndex((m) => m.id === opts.assistantId);
  const before = at < 0 ? opts.history : opts.history.slice(0, at);
  const promptMessage = before.findLast((m) => m.role === "user");
  const previous = before.at(-1);

  let resume: Resume | undefined;
  let superseded: Superseded | undefined;
  if (previous?.role === "assistant") {
    const outcome = outcomeOf(previous);
    if (outcome?.kind === "integrations") {
      resume = { kind: "integrations", connected: outcome.connected, missing: outcome.requested.filter((n) => !outcome.connected.includes(n)) };
    } else if (outcome?.kind === "permissions" && outcome.approved) {
      resume = { kind: "permissions", path: outcome.path, command: outcome.command };
    }
  } else if (previous?.role === "user") {
    const answered = before.at(-2);
    const outcome = answered ? outcomeOf(answered) : null;
    if (outcome?.rejectedBy === "new-message") {
      superseded = outcome.kind === "integrations" ? { kind: "integrations", names: outcome.requested } : { kind: "permissions", path: outcome.path };
    }
  }

  const prompt = parsePrompt(promptMessage?.content ?? "");
  const earlier = before.filter((m) => m.role === "user" && promptMessage !== undefined && m.seq < promptMessage.seq);
  const steps = buildScript({
    prompt,
    chatTitle: opts.chat.title,
    earlierRequests: earlier.map((m) => parsePrompt(m.content).text),
    files: opts.files.map((f) => ({ path: f.path, content: f.content, locked: f.locked })),
    resume,
    superseded,
  });
  return {
    steps,
    prompt,
    promptChars: promptMessage?.content.length ?? 0,
    historyChars: before
      .filter((m) => m !== promptMessage)
      .reduce((n, m) => n + m.content.length + JSON.stringify(m.parts).length, 0),
  };
}
