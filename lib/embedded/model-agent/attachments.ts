import "server-only";
import type { UserContent } from "ai";
import { isInlineImage } from "@/lib/api/attachments/limits";
import { type Db, type MessageRow } from "../store";
import * as attachmentsStore from "../attachments/store";

/** Characters of one attached text file the model reads (the rest is cut, and it is told so). */
const TEXT_CHARS = 20_000;

/**
 * The prompt being answered with its attachments, as the model reads it: the prompt's text, then each attachment:
 * a stored image as an image part (vision models see it), a stored text file as text, a zip as the note that its
 * files are in the project (they were added before the answer), anything else and a link by name only (the service
 * fetches nothing for the model). Null when the message has no attachments.
 */
export async function promptWithAttachments(db: Db, user: MessageRow): Promise<UserContent | null> {
  const listed = user.attachments ?? [];
  if (!listed.length) return null;
  const stored = await attachmentsStore.attachmentsById(
    db,
    listed.flatMap((a) => (a.storedId ? [a.storedId] : [])),
  );
  const content: Exclude<UserContent, string> = [{ type: "text", text: user.content || "(empty message)" }];
  for (const a of listed) {
    const row = a.storedId ? stored.get(a.storedId) : undefined;
    const name = a.name ?? a.url;
    if (!row) {
      content.push({ type: "text", text: `[Attached link: ${name} (${a.url}); not fetched]` });
    } else if (isInlineImage(row.contentType)) {
      content.push({ type: "text", text: `[Attached image: ${name}]` });
      content.push({ type: "image", image: Buffer.from(row.content, "base64"), mediaType: row.contentType });
    } else if (a.type === "zip" || row.contentType === "application/zip") {
      content.push({ type: "text", text: `[Attached zip archive: ${name}; its files were added to the project]` });
    } else if (row.contentType.startsWith("text/") || row.contentType === "application/json") {
      const text = Buffer.from(row.content, "base64").toString("utf8");
      const cut = text.length > TEXT_CHARS ? `${text.slice(0, TEXT_CHARS)}\n[… cut: ${text.length} characters]` : text;
      content.push({ type: "text", text: `[Attached file: ${name}]\n${cut}` });
    } else {
      content.push({
        type: "text",
        text: `[Attached file: ${name} (${row.contentType}, ${row.size} bytes); not readable as text]`,
      });
    }
  }
  return content;
}
