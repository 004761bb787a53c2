import "server-only";
import type { AttachmentInput, QuotaName, RouteBody, RouteName } from "@/lib/api";
import { base64Bytes, parseDataUrl } from "@/lib/api/attachments/limits";

/** A matched request: its route's name and its validated body, told apart by `route`. */
export type RoutedRequest = { [N in RouteName]: { route: N; body: RouteBody<N> } }[RouteName];

/** What one request takes from the content quotas (the API request itself is counted by the meter). */
type Charges = Partial<Record<Exclude<QuotaName, "api_requests">, number>>;

/** Bytes of file contents as sent (UTF-8). */
const bytesOf = (files: readonly { content: string }[]): number =>
  files.reduce((sum, f) => sum + Buffer.byteLength(f.content, "utf8"), 0);

/** A message's charge plus the bytes of the attachments it uploads (`content` or a `data:` URL; links are free). */
function withAttachments(charges: Charges, attachments: readonly AttachmentInput[] | undefined): Charges {
  const bytes = (attachments ?? []).reduce((sum, a) => {
    const base64 = a.content ?? parseDataUrl(a.url)?.base64;
    return sum + (base64 === undefined ? 0 : base64Bytes(base64.replace(/\s+/g, "")));
  }, 0);
  return bytes ? { ...charges, file_uploads_bytes: bytes } : charges;
}

/**
 * The quotas a request draws from (interface.md Part 8): a user message sent (creating a chat with a prompt, sending
 * a message, v1 and v2, every response mode) is one chat message; files given in the body (v1 initialization from
 * files, v2 from-files, the v1 version PATCH) are their bytes, and so are the attachments a message uploads (links
 * count nothing); resolving, restoring and duplicating send no message. Creating a deployment is
 * one deployment (given back, like the others, when the handler refuses it).
 */
export function chargesOf(req: RoutedRequest): Charges {
  switch (req.route) {
    case "v2.chats.create":
    case "v2.chats.create.stream":
    case "v2.chats.create.async":
    case "v2.messages.send":
    case "v2.messages.send.stream":
    case "v2.messages.send.async":
    case "v1.messages.send":
      return withAttachments({ chat_messages: 1 }, req.body.attachments);
    case "v1.chats.create":
      if (req.body.type === "files") return { file_uploads_bytes: bytesOf(req.body.files ?? []) };
      return req.body.type === "repo" ? {} : withAttachments({ chat_messages: 1 }, req.body.attachments);
    case "v1.chats.init":
      return req.body.type === "files"
        ? { file_uploads_bytes: bytesOf(req.body.files.map((f) => ({ content: "content" in f ? f.content : "" }))) }
        : {};
    case "v1.deployments.create":
    case "v2.chats.deploy":
      return { deployments: 1 };
    case "v2.chats.fromFiles":
    case "v1.versions.patch":
      return { file_uploads_bytes: bytesOf(req.body.files) };
    default:
      return {};
  }
}
