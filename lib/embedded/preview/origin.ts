import "server-only";
import { createHash } from "node:crypto";
import { previewOriginLabel } from "@/lib/api/preview-origin";

/**
 * Where previews are served (the preview listener, PREVIEW_PORT / PREVIEW_ORIGIN): an origin of their own, never the
 * dashboard's. With a `*` in the host (`http://*.localhost:3001`, `https://*.preview.example`) every chat gets a host
 * of its own: its `*` is a label derived from the chat id (lower case, as host names are, so not the id itself), and a
 * cookie set there belongs to that chat alone (two chats in two tabs do not collide). Without one all chats share the
 * host and the last handoff's cookie wins there (README, Configuration).
 */
export class PreviewOrigin {
  readonly perChat: boolean;
  private readonly protocol: string;
  private readonly suffix: string;

  /** `pattern`: an origin, `*` as the first label of its host for per-chat hosts. */
  constructor(pattern: string) {
    const parsed = new URL(pattern.replace("*", "x"));
    this.protocol = parsed.protocol;
    this.perChat = /^[a-z]+:\/\/\*\./i.test(pattern);
    this.suffix = this.perChat ? parsed.host.slice(1) : parsed.host;
  }

  /** The chat's preview at the origin's root: the document's `url`. */
  urlFor(chatId: string): string {
    return `${this.protocol}//${this.hostFor(chatId)}/`;
  }

  /**
   * What a request's `Host` is: a per-chat host (its label), the shared host (no `*` in the pattern), or "other": not
   * a preview host (a client sending the token as a header may reach the listener by its address; no cookie there).
   */
  hostKind(host: string | null): { label: string } | "shared" | "other" {
    const pattern = `${this.protocol}//${this.perChat ? "*" : ""}${this.suffix}`;
    const label = previewOriginLabel(`${this.protocol}//${host ?? ""}`, pattern);
    if (label === null) return "other";
    return this.perChat ? { label } : "shared";
  }

  /** The host label of a chat: 128 bits of its id's SHA-256, base 32 (a-z, 2-7). */
  labelOf(chatId: string): string {
    const digest = createHash("sha256").update(chatId, "utf8").digest();
    let bits = "";
    for (const byte of digest.subarray(0, 16)) bits += byte.toString(2).padStart(8, "0");
    const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
    let out = "";
    for (let i = 0; i < bits.length; i += 5) out += alphabet[parseInt(bits.slice(i, i + 5).padEnd(5, "0"), 2)];
    return `p${out}`;
  }

  private hostFor(chatId: string): string {
    return this.perChat ? `${this.labelOf(chatId)}${this.suffix}` : this.suffix;
  }
}
