import "server-only";
import type { ResolveTask } from "@/lib/api";
import { type Db, type MessageRow } from "../store";
import * as messagesStore from "../messages/store";
import { answerIntegrations, answerPermissions, pendingRequestOf } from "./requests";
import { judgeResolve, type Decision } from "./rules";

/**
 * The state transitions of interface.md Part 3 on stored messages. Both run inside the caller's transaction, which
 * holds the idle chat's row (generation/idle-chat.ts), so two resolves (or a resolve and a follow-up message) of one chat never
 * both see the same pending request: exactly one wins, the other finds the chat moved on (409).
 */

interface Resolved {
  /** The blocked message with its request answered. */
  blocked: MessageRow;
  decision: Decision;
}

/** Answers the pending request of the chat's latest message, or throws 409/422 leaving everything unchanged. */
export async function resolvePending(tx: Db, chatId: string, task: ResolveTask, at: Date): Promise<Resolved> {
  const latest = await messagesStore.latestMessage(tx, chatId);
  const decision = judgeResolve(latest ? pendingRequestOf(latest) : null, task);
  const message = latest!;
  const parts =
    decision.kind === "integrations"
      ? answerIntegrations(message.parts, decision.index, decision.connected)
      : answerPermissions(message.parts, decision.index, true);
  const blocked = await messagesStore.updateMessage(tx, message.id, { parts, updatedAt: at });
  return { blocked: blocked!, decision };
}

/**
 * Before a follow-up message: a request the chat's latest message still waits on is rejected ("any other
 * follow-up message while blocked" → request rejected). Returns the message it changed, if any.
 */
export async function rejectPending(tx: Db, chatId: string, at: Date): Promise<MessageRow | null> {
  const latest = await messagesStore.latestMessage(tx, chatId);
  const pending = latest ? pendingRequestOf(latest) : null;
  if (!latest || !pending) return null;
  const parts =
    pending.kind === "integrations"
      ? answerIntegrations(latest.parts, pending.index, [], "new-message")
      : answerPermissions(latest.parts, pending.index, false);
  return messagesStore.updateMessage(tx, latest.id, { parts, updatedAt: at });
}
