"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { ServiceClient } from "@/lib/api/client";
import { ServiceError } from "@/lib/api/errors";
import type { PendingTask } from "@/lib/api/pending";
import type { ResolveBody } from "@/lib/api/schemas";
import { applyLiveTitle, refetchFresh, settleChat } from "./chat-cache";
import { queryKeys } from "./query-keys";
import type { ResponseMode } from "./response-mode";
import { useServiceClient } from "./service-clients";
import { streamRegistry, type StreamRegistry } from "./stream-registry";

/**
 * Answers the request the chat waits on (POST …/messages/resolve[/stream|/async], interface.md 4.5), once.
 *
 * Respond once: a request (chat + blocked message) is claimed in a tab-wide guard before anything is sent, so
 * double clicks, two dialogs or a slow network never send a second resolve from this tab; it stays claimed
 * after a success and is released after a failure (a 409 refetches the chat first: if it still waits, the
 * user may answer again). Another tab is stopped by the service itself: a stale resolve is a 409.
 *
 * The answer arrives like a follow-up's, in the chosen mode: stream (the registry follows it into the
 * timeline), async (the chat view polls the new unfinished message), sync (one request; "working" meanwhile).
 * A resolve stores no user message: the registry entry's prompt is "".
 */

export class ResolveGuard {
  private claimed = new Set<string>();
  /** True when the key was free (and is now taken). */
  claim(key: string): boolean {
    if (this.claimed.has(key)) return false;
    this.claimed.add(key);
    return true;
  }
  release(key: string): void {
    this.claimed.delete(key);
  }
  has(key: string): boolean {
    return this.claimed.has(key);
  }
}

/** The tab's guard. */
export const resolveGuard = new ResolveGuard();

export const resolveKey = (chatId: string, task: Pick<PendingTask, "messageId">) => `${chatId}/${task.messageId}`;

interface ResolveDeps {
  client: ServiceClient;
  queryClient: QueryClient;
  registry?: StreamRegistry;
  guard?: ResolveGuard;
}

interface ResolveInput {
  task: PendingTask;
  body: ResolveBody;
  mode: ResponseMode;
}

/** "sent": the service accepted it; "duplicate": this request was already answered or is being answered here. */
type ResolveResult = "sent" | "duplicate";

/** A 409: the request was answered elsewhere, rejected by a new message, or the chat is busy. */
function isConflict(error: unknown): error is ServiceError {
  return error instanceof ServiceError && error.status === 409;
}

/** The chat, its messages and the list again (after a 409 the page shows what the service has). */
function refreshChat(queryClient: QueryClient, chatId: string): Promise<unknown> {
  return Promise.all([
    refetchFresh(queryClient, queryKeys.messages(chatId)),
    refetchFresh(queryClient, queryKeys.chat(chatId)),
  ]);
}

/** Sends one resolve; throws the service's error (a 409 after refreshing the chat). */
export async function sendResolve(
  deps: ResolveDeps,
  chatId: string,
  { task, body, mode }: ResolveInput,
): Promise<ResolveResult> {
  const { client, queryClient } = deps;
  const registry = deps.registry ?? streamRegistry;
  const guard = deps.guard ?? resolveGuard;
  const key = resolveKey(chatId, task);
  if (!guard.claim(key)) return "duplicate";
  try {
    if (mode === "stream") {
      const run = registry.run({
        chatId,
        prompt: "",
        open: (signal) => client.resolveStream(chatId, body, { signal }),
        getMessage: (c, m) => client.getMessage(c, m),
        onTitle: (c, title) => applyLiveTitle(queryClient, c, title),
        onSettled: (entry) => settleChat(queryClient, entry.chatId, entry.state.closed ? entry.state.chat : null),
      });
      await run.opened;
      // The blocked message now records the answer: show it while the new message streams.
      void refetchFresh(queryClient, queryKeys.messages(chatId));
    } else if (mode === "async") {
      registry.clear(chatId); // an older finished stream must not stand in for the new answer
      await client.resolveAsync(chatId, body);
      await refetchFresh(queryClient, queryKeys.messages(chatId));
    } else {
      const entry = await registry.runRequest({
        chatId,
        prompt: "",
        send: () => client.resolve(chatId, body),
        onSettled: (e) => settleChat(queryClient, e.chatId),
      });
      if (entry.failure) throw entry.failure;
    }
    return "sent";
  } catch (error) {
    // The refused attempt must not stay in the timeline as a failed send: the dialog reports it.
    registry.clear(chatId);
    guard.release(key);
    // 409: answered elsewhere, the chat moved on, or the answer did not match. The refetched messages tell
    // whether it still waits (then the banner is back and the user may answer again) or not.
    if (isConflict(error)) await refreshChat(queryClient, chatId);
    throw error;
  }
}

type ResolveState =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "sent" }
  | { status: "conflict"; error: ServiceError }
  | { status: "failed"; error: Error };

/** The resolve of one chat, with its state for the banner and the dialog. */
export function useResolve(chatId: string) {
  const client = useServiceClient();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ResolveState>({ status: "idle" });
  const resolve = useCallback(
    async (input: ResolveInput): Promise<ResolveState | null> => {
      // Already answered or being answered in this tab: the first call reports the outcome.
      if (resolveGuard.has(resolveKey(chatId, input.task))) return null;
      setState({ status: "sending" });
      let next: ResolveState;
      try {
        const result = await sendResolve({ client, queryClient }, chatId, input);
        if (result === "duplicate") return null;
        next = { status: "sent" };
      } catch (error) {
        next = isConflict(error)
          ? { status: "conflict", error }
          : { status: "failed", error: error instanceof Error ? error : new Error(String(error)) };
      }
      setState(next);
      return next;
    },
    [chatId, client, queryClient],
  );
  const reset = useCallback(() => setState({ status: "idle" }), []);
  return { state, resolve, reset };
}
