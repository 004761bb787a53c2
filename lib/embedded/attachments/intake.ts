import "server-only";
import type { AttachmentInput } from "@/lib/api";
import { base64Bytes, isBase64, MAX_ATTACHMENT_BYTES, parseDataUrl } from "@/lib/api/attachments/limits";
import { contentTypeOfPath, extensionOfContentType } from "@/lib/api/files";
import { HttpError, invalidFields } from "../errors";
import { newId } from "../ids";
import { type Db } from "../store";
import * as attachmentsStore from "./store";
import type { MessageAttachment } from "../store/schema";
import { addGivenFiles } from "../files/hand-edit";
import { unzipAttachment, type ZipFile } from "./unzip";

/** Bytes the service keeps for an attachment (a row of `attachments` once its message is stored). */
export interface StoredBytes {
  id: string;
  name: string;
  contentType: string;
  size: number;
  content: string;
}

/** A prompt's attachments checked and decoded: what the user message lists, and the bytes to store with it. */
export interface Intake {
  listed: MessageAttachment[];
  stored: StoredBytes[];
  /** The files of the zip attachments (`type: "zip"`, or a zip by its type or name): they join the chat. */
  zips: Array<{ field: string; files: ZipFile[] }>;
}

/** The unguessable part of an attachment's URL: ~190 random bits. */
const newAttachmentId = () => newId("att", 32);

/**
 * Checks and decodes a prompt's attachments before anything is stored: given bytes (`content`, or a `data:` URL) are
 * kept by the service and listed under its own URL; an http(s) URL without bytes is listed as given. Over 3 MB → 413
 * `file_too_large`; bytes that are not base64 → 422 naming the field; a zip attachment's files are read here too
 * (unzip.ts: its refusals). More than ten: the body's schema, 422.
 */
export function takeAttachments(inputs: readonly AttachmentInput[] | undefined, baseUrl: string): Intake {
  const intake: Intake = { listed: [], stored: [], zips: [] };
  (inputs ?? []).forEach((input, i) => {
    const field = `attachments.${i}`;
    const data = input.content === undefined ? parseDataUrl(input.url) : null;
    const base64 = input.content?.replace(/\s+/g, "") ?? data?.base64;
    const name = input.name ?? nameOfUrl(input.url, i);
    const extra = input.type ? { type: input.type } : {};
    if (base64 === undefined) {
      const contentType = input.contentType ?? contentTypeOfPath(name);
      intake.listed.push({
        url: input.url,
        name,
        ...(contentType ? { contentType } : {}),
        ...(input.size !== undefined ? { size: input.size } : {}),
        ...extra,
      });
      return;
    }
    if (!isBase64(base64))
      throw invalidFields("Invalid attachment", [
        { path: input.content === undefined ? `${field}.url` : `${field}.content`, error: "must be base64" },
      ]);
    const size = base64Bytes(base64);
    if (size > MAX_ATTACHMENT_BYTES) {
      throw new HttpError(
        413,
        `Attachment ${i + 1} (${name}) is ${size} bytes; an attachment may have at most 3 MB (${MAX_ATTACHMENT_BYTES} bytes).`,
        "file_too_large",
      );
    }
    const contentType =
      input.contentType ??
      (data && data.contentType !== "text/plain" ? data.contentType : null) ??
      contentTypeOfPath(name) ??
      data?.contentType ??
      "application/octet-stream";
    const id = newAttachmentId();
    intake.stored.push({ id, name, contentType, size, content: base64 });
    intake.listed.push({ url: `${baseUrl}/attachments/${id}`, name, contentType, size, ...extra, storedId: id });
    if (input.type === "zip" || contentType === "application/zip" || /\.zip$/i.test(name))
      intake.zips.push({ field, files: unzipAttachment(Buffer.from(base64, "base64"), field) });
  });
  return intake;
}

/** A display name: the last path segment of an http(s) URL (decoded), else its host; `attachment-N` for a data: URL. */
function nameOfUrl(url: string, index: number): string {
  if (url.toLowerCase().startsWith("data:")) {
    const type = parseDataUrl(url)?.contentType ?? "";
    const ext = extensionOfContentType(type);
    return `attachment-${index + 1}${ext ? `.${ext}` : ""}`;
  }
  const u = new URL(url);
  const last = u.pathname.split("/").filter(Boolean).at(-1);
  try {
    return last ? decodeURIComponent(last).slice(0, 200) : u.host;
  } catch {
    return last ?? u.host;
  }
}

/**
 * Inside the transaction that stores the user message: keeps the given bytes and adds the zip attachments' files to
 * the chat (hand-edit rules), so a refusal there stores nothing either. Returns the paths the zips wrote.
 */
export async function keepAttachments(
  tx: Db,
  chatId: string,
  messageId: string,
  intake: Intake,
  at: Date,
): Promise<string[]> {
  await attachmentsStore.insertAttachments(
    tx,
    intake.stored.map((s) => ({ ...s, chatId, messageId, createdAt: at })),
  );
  const written: string[] = [];
  for (const zip of intake.zips) written.push(...(await addGivenFiles(tx, chatId, zip.files, at, zip.field)));
  return written;
}
