import "server-only";
import type { RoutedRequest } from "../quotas/charges";

/**
 * Whether a request starts work of the agent (a new message, a resolve, a summary) and is therefore refused while a
 * budget of the caller's is reached (Spend.admit: 429 budget_exceeded).
 */
export function startsAnswer(req: RoutedRequest): boolean {
  switch (req.route) {
    case "v2.chats.create":
    case "v2.chats.create.stream":
    case "v2.chats.create.async":
    case "v2.messages.send":
    case "v2.messages.send.stream":
    case "v2.messages.send.async":
    case "v2.messages.resolve":
    case "v2.messages.resolve.stream":
    case "v2.messages.resolve.async":
    case "v2.chats.compact":
    case "v1.messages.send":
    case "v1.tasks.resolve":
      return true;
    case "v1.chats.create":
      return req.body.type !== "files" && req.body.type !== "repo";
    default:
      return false;
  }
}
