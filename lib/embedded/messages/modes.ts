import "server-only";
import type { AsyncChatRef, ResponseMode } from "@/lib/api";
import type { GenerationResult } from "../generation/generation";
import { json } from "../http/respond";
import { streamTurn } from "../http/sse";
import type { Turn } from "../generation/turns";

/**
 * Runs a turn in the given mode. Sync waits for the finished message and lets `render` shape the body
 * (a message that failed still answers 200: its finishReason is "error"); async answers 202 with the
 * reference to poll; stream answers with the event stream.
 */
export async function respondInMode(
  mode: ResponseMode,
  turn: Turn,
  render: (result: GenerationResult) => unknown,
  /** The 202 body of async mode; default the Async chat reference (v2). v1 answers with its own resources. */
  accepted?: (turn: Turn) => unknown,
): Promise<Response> {
  if (mode === "stream") return streamTurn(turn);
  const generation = turn.start();
  if (mode === "async") {
    if (accepted) return json(await accepted(turn), 202);
    const ref: AsyncChatRef = { chatId: turn.chat.id, messageId: turn.assistantMessage.id };
    return json(ref, 202);
  }
  return json(await render(await generation.done));
}

/** v1 chooses the response mode with the body field `responseMode` (wire-decisions.md 1); default sync. */
export function modeOfV1(mode: "sync" | "async" | "experimental_stream" | undefined): ResponseMode {
  return mode === "experimental_stream" ? "stream" : (mode ?? "sync");
}
