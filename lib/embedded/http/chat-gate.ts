import "server-only";
import { chatNeedOf, type ChatNeed, type RouteSpec } from "@/lib/api";
import { HttpError, notFound } from "../errors";
import * as deploymentsStore from "../hosting/store";
import type { Caller } from "../people/types";
import type { Db } from "../store";
import { mayWrite, requireAccess, type Reader } from "../chats/access";
import * as chatsStore from "../chats/store";

/**
 * The router's privacy check (the one place it is decided, so a new route cannot forget it): what the route needs on
 * the chat it names (`chatNeedOf`, lib/api/routes.ts) against what the caller may do with that chat (access.ts).
 * Refused → 404 as an unknown chat (422 when the body names it: the body is wrong), or 403 naming the privacy or
 * role; the handler never runs, so nothing changes. Allowed → the caller's access, for the handler's
 * `writePermission`.
 */

/** The chat named by the path (`:chatId`, or the deployment of `:deploymentId`); before the body is read. */
export async function gatePathChat(
  db: Db,
  route: RouteSpec,
  params: Record<string, string>,
  caller: Caller | null,
): Promise<ChatNeed | null> {
  const need = chatNeedOf(route);
  if (!need || !caller || route.chatFrom === "body") return null;
  if (route.chatFrom === "deployment") {
    const id = params.deploymentId!;
    const deployment = await deploymentsStore.findDeployment(db, id);
    // An unknown deployment is the handler's 404; one of a chat the caller may not read answers the same.
    if (!deployment) return null;
    const chat = await chatsStore.findChat(db, deployment.chatId);
    try {
      return granted(caller, requireAccess(caller, chat, deployment.chatId, need));
    } catch (error) {
      if (error instanceof HttpError && error.status === 404)
        throw notFound(`Deployment ${id}`, "deployment_not_found");
      throw error;
    }
  }
  const chatId = params.chatId!;
  return granted(caller, requireAccess(caller, await chatsStore.findChat(db, chatId), chatId, need));
}

/** The chat named by the body's `chatId` (routes with `chatFrom: "body"`); none named, nothing to check. */
export async function gateBodyChat(
  db: Db,
  route: RouteSpec,
  body: unknown,
  caller: Caller | null,
): Promise<ChatNeed | null> {
  const need = chatNeedOf(route);
  if (!need || !caller || route.chatFrom !== "body") return null;
  const chatId = (body as { chatId?: unknown } | undefined)?.chatId;
  if (typeof chatId !== "string") return null;
  try {
    return granted(caller, requireAccess(caller, await chatsStore.findChat(db, chatId), chatId, need));
  } catch (error) {
    // The body names a chat that is not there for this caller: the body is wrong (as for an unknown chat).
    if (error instanceof HttpError && error.status === 404)
      throw new HttpError(422, `chatId: chat ${chatId} not found`, "validation_failed");
    throw error;
  }
}

/** What a caller who passed the check may do: read, or read and write. */
const granted = (reader: Reader, chat: Parameters<typeof mayWrite>[1]): ChatNeed =>
  mayWrite(reader, chat) ? "write" : "read";
