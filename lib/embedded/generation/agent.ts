import "server-only";
import type { ContextFigures, ContextInput } from "../context/figures";
import type { EmitEvent } from "../events";
import type { AnswerSpend } from "../spend/spend";
import type { ChatRow, Db, MessageRow } from "../store";
import type { Generation } from "./generation";

/** What an agent gets to answer one assistant message (already stored, empty, finishReason null). */
export interface AgentRun {
  db: Db;
  generation: Generation;
  chat: ChatRow;
  message: MessageRow;
  /** Webhook events of the message (MessageWriter records them). */
  emit: EmitEvent;
  /** The generation's lease, released when the message finishes; `shared`: other instances read the database. */
  lease: { owner: string; shared: boolean };
  /** The answer's spending: every model call is recorded here (the ledger); asks whether to stop (budgets, the cap). */
  spend: AnswerSpend;
}

/**
 * Who writes the assistant's answers. Turns (turns.ts) stores the messages and the lease and knows nothing else of
 * the agent; the service picks one at its construction (service.ts): the scripted agent
 * (lib/embedded/scripted-agent/) or the model-backed one (lib/embedded/model-agent/).
 */
export interface Agent {
  /**
   * Inside the transaction that stores the new assistant message (a send or a resolve): refuse what the answer would
   * not be allowed to do by throwing an HttpError (interface.md Part 8 limits: 413); the transaction then rolls back.
   */
  preflight(tx: Db, chat: ChatRow, assistant: MessageRow): Promise<void>;
  /**
   * Generates the message, detached from the request: builds it with a MessageWriter (message-writer.ts), which
   * always finishes it, and stops at its next step once `generation.stopped`.
   */
  run(run: AgentRun): Promise<void>;
  /**
   * How full the next answer's context would be with this prompt (the context meter); none: the agent does not say
   * (the endpoint answers 404). An assistant message of kind `context-summary` given to `run` asks the agent to
   * summarise the chat's earlier messages now ("Compact now").
   */
  context?(input: ContextInput): Promise<ContextFigures>;
}
