import "server-only";
import type { Preview } from "@/lib/api";
import { previewHandoffUrl } from "@/lib/api/preview-origin";
import type { PreviewOrigin } from "./origin";
import type { PreviewSubject, PreviewTokens } from "./tokens";

/** What the handlers say about a chat's preview: its origin's root and a token for it (wire-decisions.md 7). */
export class Previews {
  constructor(
    readonly tokens: PreviewTokens,
    readonly origin: PreviewOrigin,
  ) {}

  /**
   * The document's `{url, token, expiresAt}`: `url` is the chat's preview origin, its root; the token is for
   * `subject`, who may read the chat (the origin checks again at every request).
   */
  create(chatId: string, subject: PreviewSubject): NonNullable<Preview> {
    return { url: this.origin.urlFor(chatId), ...this.tokens.issue(chatId, subject) };
  }

  /**
   * A link a browser opens as it is (v1's `demo`): the handoff, which sets the preview's cookie and goes on to `/`.
   * It carries the token, as the v1 document's preview URL carries its access.
   */
  link(chatId: string, subject: PreviewSubject): string {
    return previewHandoffUrl(new URL(this.origin.urlFor(chatId)), this.tokens.issue(chatId, subject).token);
  }
}
