import { z } from "zod";
import { MAX_ATTACHMENTS } from "../attachments/limits";
import { HttpUrl } from "./common";

/** The attachments of a prompt (interface.md 2.7), as the create and send bodies take them. */

/** An attachment's url: an http(s) URL kept as given, or a `data:` URL whose bytes the service stores. */
const AttachmentUrl = z.union([HttpUrl, z.string().regex(/^data:[^,]*,/i, "a data: URL")], {
  error: "an http(s) or data: URL",
});

/**
 * An attachment of a prompt (interface.md 2.7): `url` (http(s), kept as given; or a `data:` URL), or the bytes as
 * base64 `content`; the service stores given bytes and answers them from a URL of its own. The per-attachment size
 * limit is the service's (413), not the schema's: a too-large file is not a malformed body.
 */
export const AttachmentInput = z.object({
  url: AttachmentUrl,
  name: z.string().trim().min(1).max(200).optional(),
  contentType: z
    .string()
    .max(200)
    .regex(/^[\w.+-]+\/[\w.+-]+(;.*)?$/, "a MIME type")
    .optional(),
  size: z.number().int().nonnegative().optional(),
  content: z
    .string()
    .regex(/^[A-Za-z0-9+/\s]*={0,2}\s*$/, "base64")
    .optional(),
  type: z.enum(["screenshot", "figma", "zip"]).optional(),
});
export type AttachmentInput = z.infer<typeof AttachmentInput>;
/** The attachments of one message (v2 and the v1 document's create and send): at most MAX_ATTACHMENTS. */
export const AttachmentsBody = z
  .array(AttachmentInput)
  .max(MAX_ATTACHMENTS, `at most ${MAX_ATTACHMENTS} attachments per message`);
