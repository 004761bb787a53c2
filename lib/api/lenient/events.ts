import type { ReadStreamEvent } from "../schemas";
import { readChat, readUsage } from "./chat";
import { readMessage } from "./message";
import { isObj, str } from "./values";

/**
 * Stream events as any deployment sends them: the interface's five kinds and the document's `message` snapshot,
 * each read leniently (a `chat` event with fields this dashboard does not know is still a chat event). Returns null
 * for an event this reader cannot use (unknown kind, or a known kind without what it needs): the caller skips it.
 */
export function readStreamEvent(raw: unknown): ReadStreamEvent | null {
  if (!isObj(raw)) return null;
  try {
    switch (raw.object) {
      case "chat":
        return { ...readChat(raw), object: "chat" };
      case "message":
        return { ...readMessage(raw), object: "message" };
      case "chat.title": {
        const id = str(raw.id);
        const delta = str(raw.delta);
        return id !== undefined && delta !== undefined ? { object: "chat.title", id, delta } : null;
      }
      case "message.parts.chunk": {
        const id = str(raw.id);
        return id !== undefined ? { object: "message.parts.chunk", id, delta: raw.delta } : null;
      }
      case "message.usage": {
        const id = str(raw.id);
        const usage = readUsage(raw.usage);
        return id !== undefined && usage ? { object: "message.usage", id, usage } : null;
      }
      case "error": {
        const code = str(raw.code);
        return {
          object: "error",
          id: str(raw.id) ?? "",
          message: str(raw.message) ?? "The service reported an error.",
          ...(code ? { code } : {}),
        };
      }
      default:
        return null;
    }
  } catch {
    return null;
  }
}
