import "server-only";
import type { ModelTurnInput } from "./turn";

/**
 * One assistant message answered by the model (turn.ts). The model-backed agent's code, the AI SDK with it, loads on
 * its first answer: a server with the scripted agent never holds it (issue 17).
 */
export async function runModelTurn(input: ModelTurnInput): Promise<void> {
  const { runModelTurn: run } = await import("./turn");
  return run(input);
}
