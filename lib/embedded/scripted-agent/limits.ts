import "server-only";
import { HttpError } from "../errors";
import { MAX_FILE_BYTES, MAX_FILES_PER_CHAT } from "../files/input";
import { type ChatRow, type Db, type MessageRow } from "../store";
import * as filesStore from "../files/store";
import * as messagesStore from "../messages/store";
import { planTurn, CONVERSATION_READ } from "./plan";

/**
 * interface.md Part 8 limits on what the agent is about to write (wire-decisions.md 11): plans the assistant message that was just
 * stored (inside the caller's transaction) and refuses with 413 when its writes would make the chat hold more
 * than 1,000 files or a file larger than 3 MB. The caller's transaction then rolls back: nothing changes.
 * The plan is deterministic, so the generation that follows writes exactly these files.
 */
export async function checkPlannedWrites(db: Db, chat: ChatRow, assistant: MessageRow): Promise<void> {
  const conversation = await messagesStore.conversation(db, chat.id, assistant.seq, CONVERSATION_READ);
  const files = await filesStore.listFiles(db, chat.id);
  const { steps } = planTurn({ chat, conversation, assistantId: assistant.id, files });
  const paths = new Set(files.map((f) => f.path));
  const locked = new Set(files.filter((f) => f.locked).map((f) => f.path));
  for (const step of steps) {
    if (step.kind !== "part" || !step.write || locked.has(step.write.path)) continue;
    const { path, content, encoding } = step.write;
    const bytes = encoding === "base64" ? Buffer.from(content, "base64").length : Buffer.byteLength(content);
    if (bytes > MAX_FILE_BYTES) {
      throw new HttpError(
        413,
        `The agent's answer would make ${path} ${bytes} bytes, over the 3 MB file limit; nothing was changed. Shorten or unlock another file, or ask for a smaller change.`,
        "file_too_large",
      );
    }
    paths.add(path);
  }
  if (paths.size > MAX_FILES_PER_CHAT) {
    throw new HttpError(
      413,
      `The agent's answer would make this chat hold ${paths.size} files; a chat holds at most ${MAX_FILES_PER_CHAT}. Nothing was changed.`,
      "too_many_files",
    );
  }
}
