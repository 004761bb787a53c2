import { z } from "zod";
import { DateTime } from "./common";

/** Chat previews: where one is served (wire-decisions.md 7), and the hosts trusted to frame them. */

/** Preview (wire-decisions.md 7): null while not ready. */
export const Preview = z.object({ url: z.string(), token: z.string().optional(), expiresAt: DateTime }).nullable();
export type Preview = z.infer<typeof Preview>;

/**
 * The document's trusted preview hosts (`GET`/`PUT /v2/settings/preview-hosts`): hosts (a name, optionally with a
 * port) whose pages may frame the preview; at most 5.
 */
const PreviewHost = z
  .string()
  .trim()
  .min(1)
  .max(256)
  .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/i, "a host name, optionally with :port (no scheme, no path)")
  .transform((h) => h.toLowerCase());
export const PreviewHostsBody = z.strictObject({ hosts: z.array(PreviewHost).max(5, "at most 5 hosts") });
export type PreviewHostsBody = z.infer<typeof PreviewHostsBody>;
export const PreviewHosts = z.object({ hosts: z.array(z.string()) });
export type PreviewHosts = z.infer<typeof PreviewHosts>;
