import "server-only";
import type { LanguageModelUsage, StepResult, ToolSet } from "ai";
import type { AnswerSpend, ModelCall } from "../spend/spend";
import { stuckNote, type StuckWatch } from "./stuck";
import { tokensOf } from "./usage";

/** Why an answer stops before its next model call: a budget, the per-answer cap, or going round in circles. */
interface AnswerStop {
  code: "budget_exceeded" | "answer_cap" | "stuck";
  /** The closing text the answer ends with. */
  message: string;
}

/**
 * Between the model calls of one answer: records each call in the ledger (once, whichever of the SDK's step callback
 * and stop condition sees it first) and decides whether the next call may go: not once the answer is stuck
 * (stuck.ts), past AGENT_MAX_CREDITS_PER_ANSWER, or past a budget of the person's (spend/spend.ts). Used as a stop
 * condition of the AI SDK's loop, so the calls already made, their tool results and files stay.
 */
export class AnswerGuard {
  /** Set when it stopped the answer. */
  stopped: AnswerStop | null = null;
  private readonly recorded = new Set<number>();
  private finishedSteps = 0;

  constructor(
    private readonly spend: AnswerSpend,
    private readonly stuck: StuckWatch | null,
    private readonly call: Pick<ModelCall, "model" | "modelName"> & {
      credits: (tokens: ModelCall["tokens"]) => number;
      capCredits: number | null;
    },
  ) {}

  private async recordStep(index: number, usage: LanguageModelUsage | undefined): Promise<void> {
    if (this.recorded.has(index)) return;
    this.recorded.add(index);
    const tokens = tokensOf(usage);
    await this.spend.record({ ...this.call, purpose: "answer", tokens, credits: this.call.credits(tokens) });
  }

  /** The SDK's `onStepFinish`: the step's call goes into the ledger. */
  readonly onStepFinish = (step: Pick<StepResult<ToolSet>, "usage">): Promise<void> =>
    this.recordStep(this.finishedSteps++, step.usage);

  /** The SDK's stop condition: true stops the answer before its next model call. */
  readonly stopWhen = async ({ steps }: { steps: ReadonlyArray<Pick<StepResult<ToolSet>, "usage">> }) => {
    for (const [i, step] of steps.entries()) await this.recordStep(i, step.usage);
    this.stopped ??= await this.check();
    return this.stopped !== null;
  };

  /** Whether the answer may make another model call (before the first: only budgets and the cap). */
  async check(): Promise<AnswerStop | null> {
    if (this.stuck?.reason) return { code: "stuck", message: stuckNote(this.stuck.reason) };
    return this.spend.stop(this.call.capCredits);
  }
}
