import "server-only";
import type { Part } from "@/lib/api";
import type { Agent } from "../generation/agent";
import { addUsage, computeUsage, effectiveModel } from "../generation/usage";
import type { McpConnections } from "../mcp/connections";
import { addMcpSteps } from "../mcp/agent-steps";
import * as filesStore from "../files/store";
import * as messagesStore from "../messages/store";
import { checkPlannedWrites } from "./limits";
import { CONVERSATION_READ, planTurn } from "./plan";
import { runScript } from "./runner";
import { attachmentsStep } from "./attachments-note";
import type { Step } from "./script";
import { scriptedCompactNow } from "./compact-now";
import { scriptedContext, scriptedHistory } from "./context-window";

/** The steps with `step` before their first part (after a title). */
function withFirstPart(steps: readonly Step[], step: Step): Step[] {
  const first = steps.findIndex((s) => s.kind === "part");
  return first < 0 ? [...steps, step] : [...steps.slice(0, first), step, ...steps.slice(first)];
}

/**
 * The scripted agent (docs/scripted-agent.md): plans each answer from the stored conversation (a new prompt or a
 * resume) and its directives, refuses beforehand what the plan would write beyond the limits, and runs the plan.
 * `delayMs`: the pace per step unless the prompt sets one; `mcp`: the connections the `/mcp` directive calls.
 */
export function scriptedAgent(opts: { delayMs: number; mcp?: McpConnections }): Agent {
  return {
    context: scriptedContext,
    // interface.md Part 8 limits: the plan is deterministic, so the generation writes exactly what was checked.
    preflight: checkPlannedWrites,
    async run(run) {
      const { db, chat, message, spend } = run;
      if (message.kind === "context-summary") return scriptedCompactNow(run);
      const [conversation, files] = await Promise.all([
        messagesStore.conversation(db, chat.id, message.seq, CONVERSATION_READ),
        filesStore.listFiles(db, chat.id),
      ]);
      const plan = planTurn({ chat, conversation, assistantId: message.id, files });
      const { prompt, promptChars, historyChars } = plan;
      const { mcp } = opts;
      const planned = prompt.directives.mcp && mcp ? await addMcpSteps(mcp, chat, prompt.text, plan.steps) : plan.steps;
      // It names every attachment of the prompt it answers first (a resume has no prompt of its own).
      const at = conversation.recent.findIndex((m) => m.id === message.id);
      const asked = conversation.recent[at - 1];
      const read = await attachmentsStep(db, asked);
      const model = effectiveModel(chat.modelId);
      // Past the line of its window it summarises the earlier messages first (a fixed text; context-window.ts).
      const history = await scriptedHistory({
        db,
        chatId: chat.id,
        model,
        answerSeq: message.seq,
        prompt: asked?.role === "user" ? { seq: asked.seq, chars: promptChars } : null,
      });
      const withRead = read ? withFirstPart(planned, read) : planned;
      const steps = history.made ? withFirstPart(withRead, { kind: "part", part: history.made.part }) : withRead;
      if (history.made) {
        const { tokens, creditsCost } = history.made.usage;
        await spend.record({ purpose: "summary", model, modelName: null, tokens, credits: creditsCost.total });
      }
      const historyRead = history.summarised ? history.historyChars : historyChars;
      const answerUsage = (parts: readonly Part[]) =>
        computeUsage({ model, promptChars, historyChars: historyRead, outputChars: JSON.stringify(parts).length });
      const delayMs =
        prompt.directives.pace ??
        (prompt.directives.slow ? Math.max(opts.delayMs * 5, 60) : prompt.directives.fast ? 0 : opts.delayMs);
      await runScript({
        ...run,
        steps,
        delayMs,
        usage: (parts) => (history.made ? addUsage(answerUsage(parts), history.made.usage) : answerUsage(parts)),
        beforeFinish: async (parts) => {
          const { tokens, creditsCost } = answerUsage(parts);
          await spend.record({ purpose: "answer", model, modelName: null, tokens, credits: creditsCost.total });
        },
      });
    },
  };
}
