import "server-only";
import { outcomeOf } from "../approvals/requests";
import type { ChatFileRow, ChatRow } from "../store";
import type { Conversation } from "../messages/store";
import { parsePrompt, stillBroken, type ParsedPrompt } from "./directives";
import { buildScript, textStep, type Resume, type Step, type Superseded } from "./script";
import { REQUEST_MEMORY } from "./webapp";

/**
 * What the agent reads of a chat (`messagesStore.conversation`): the last REQUEST_MEMORY user prompts (the one being
 * answered and those before), and a context window of the last 100 messages, whose size is billed as cache reads.
 */
export const CONVERSATION_READ = { prompts: REQUEST_MEMORY, window: 100 } as const;

interface TurnPlan {
  steps: Step[];
  prompt: ParsedPrompt;
  /** Characters of the prompt being answered and of the rest of the conversation (for usage). */
  promptChars: number;
  historyChars: number;
}

/**
 * What the agent does for an assistant message, read from the stored conversation so it needs no other state
 * (and reads only the last messages in full, so a send costs the same in a 10,000-message chat):
 * - the message right before it is the user's prompt → a new turn (noting a request that prompt rejected);
 * - it is an assistant message whose request was answered (a resolve) → a resume of that message's prompt.
 */
export function planTurn(opts: {
  chat: ChatRow;
  /** The conversation up to and including the assistant message (`messagesStore.conversation` with CONVERSATION_READ). */
  conversation: Conversation;
  assistantId: string;
  files: ChatFileRow[];
}): TurnPlan {
  const { recent, userPrompts, userPromptsBefore, charsBefore } = opts.conversation;
  const at = recent.findIndex((m) => m.id === opts.assistantId);
  const before = at < 0 ? recent : recent.slice(0, at);
  const assistantSeq = at < 0 ? Number.POSITIVE_INFINITY : recent[at]!.seq;
  const prompts = userPrompts.filter((m) => m.seq < assistantSeq);
  const promptMessage = prompts.at(-1);
  const previous = before.at(-1);

  let resume: Resume | undefined;
  let superseded: Superseded | undefined;
  if (previous?.role === "assistant") {
    const outcome = outcomeOf(previous);
    if (outcome?.kind === "integrations") {
      resume = {
        kind: "integrations",
        connected: outcome.connected,
        missing: outcome.requested.filter((n) => !outcome.connected.includes(n)),
      };
    } else if (outcome?.kind === "permissions" && outcome.approved) {
      resume = { kind: "permissions", path: outcome.path, command: outcome.command };
    }
  } else if (previous?.role === "user") {
    const answered = before.at(-2);
    const outcome = answered ? outcomeOf(answered) : null;
    if (outcome?.rejectedBy === "new-message") {
      superseded =
        outcome.kind === "integrations"
          ? { kind: "integrations", names: outcome.requested }
          : { kind: "permissions", path: outcome.path };
    }
  }

  const prompt = parsePrompt(promptMessage?.content ?? "");
  const steps = buildScript({
    prompt,
    chatTitle: opts.chat.title,
    earlierRequests: prompts.slice(0, -1).map((m) => parsePrompt(m.content).text),
    forgottenRequests: Math.max(0, userPromptsBefore - prompts.length),
    files: opts.files.map((f) => ({
      path: f.path,
      content: f.content,
      locked: f.locked,
      editedByHand: f.editedByHand,
      encoding: f.encoding,
    })),
    resume,
    superseded,
    broken: stillBroken(prompts.map((m) => m.content)),
  });
  const systemPrompt = opts.chat.settings.systemPrompt?.trim();
  if (systemPrompt) withSystemPrompt(steps, systemPrompt);
  // Everything before the message but the prompt being answered (a user message's parts are always `[]`).
  const promptSize = promptMessage ? promptMessage.content.length + "[]".length : 0;
  return {
    steps,
    prompt,
    promptChars: promptMessage?.content.length ?? 0,
    historyChars: Math.max(0, charsBefore - promptSize),
  };
}

/**
 * The chat's system prompt (the document's `systemPrompt`): the agent's first thinking says it follows it, quoting
 * its start. Kept simple: the scripted agent cannot really obey free text, but it shows it read it.
 */
function withSystemPrompt(steps: Step[], systemPrompt: string): void {
  const quoted = systemPrompt.length > 200 ? `${systemPrompt.slice(0, 200)}…` : systemPrompt;
  const note = `Following the chat's system prompt: "${quoted.replace(/\s+/g, " ")}"`;
  const i = steps.findIndex((s) => s.kind === "part" && s.part.type === "thinking");
  if (i < 0) {
    steps.unshift(textStep("thinking", note));
    return;
  }
  const step = steps[i]!;
  if (step.kind === "part" && step.part.type === "thinking")
    steps[i] = textStep("thinking", `${note}\n\n${step.part.text}`);
}
