import "server-only";
import { isInlineImage } from "@/lib/api/attachments/limits";
import { type Db, type MessageRow } from "../store";
import * as attachmentsStore from "../attachments/store";
import type { MessageAttachment } from "../store/schema";
import { textStep, type Step } from "./script";

/**
 * The scripted agent's account of what it read of a prompt's attachments: one text naming each (stored ones read
 * from the database: a text file's lines and first line, an image's type and size, a zip's files already in the
 * project; a link is named, not fetched). Null when the prompt has none.
 */
export async function attachmentsStep(db: Db, user: MessageRow | undefined): Promise<Step | null> {
  const listed = user?.role === "user" ? (user.attachments ?? []) : [];
  if (!listed.length) return null;
  const stored = await attachmentsStore.attachmentsById(
    db,
    listed.flatMap((a) => (a.storedId ? [a.storedId] : [])),
  );
  const lines = listed.map((a) => `- **${a.name ?? a.url}**: ${describe(a, stored.get(a.storedId ?? "")?.content)}`);
  const count =
    listed.length === 1
      ? "the attachment"
      : listed.length === 2
        ? "both attachments"
        : `all ${listed.length} attachments`;
  return textStep("text", `I read ${count} of your message:\n\n${lines.join("\n")}\n\n`);
}

function describe(a: MessageAttachment, base64: string | undefined): string {
  if (base64 === undefined) return `a link (${a.url}), named but not fetched`;
  const size = `${a.size ?? 0} bytes`;
  if (a.type === "zip" || a.contentType === "application/zip")
    return `a zip archive (${size}); its files are in the project`;
  if (isInlineImage(a.contentType)) return `an image (${a.contentType}, ${size})`;
  if (a.contentType?.startsWith("text/") || a.contentType === "application/json") {
    const text = Buffer.from(base64, "base64").toString("utf8");
    const first =
      text
        .split("\n")
        .find((l) => l.trim())
        ?.trim()
        .slice(0, 80) ?? "";
    const count = text.split("\n").filter((l, i, all) => l !== "" || i < all.length - 1).length;
    return `a text file (${count} line${count === 1 ? "" : "s"})${first ? `, beginning “${first}”` : ""}`;
  }
  return `a file (${a.contentType ?? "unknown type"}, ${size})`;
}
