import "server-only";
import { isShareable, SHARE_TOKEN } from "@/lib/api";
import type { SecretBox } from "../mcp/secret-box";
import type { ChatRow, Db } from "../store";
import * as chatsStore from "../chats/store";
import { keyMatches, newToken, sha256Hex } from "../people/secrets";
import * as store from "./store";
import type { ShareRow } from "./store";

/**
 * Share links (issue 40, docs/wire-decisions.md "Privacy and share links"): an unlisted or public chat has one link,
 * `<APP_URL>/share/<token>`, whose token (32 random bytes, base64url) is its own, not the chat's id. The token is
 * stored as its SHA-256 (found by it, then compared in constant time) and sealed with the service's secret box (so
 * the chat's answers show the link again). It is made the first time the link is asked for; rotating replaces it
 * (the old one is unknown at once); privacy back to private or team deletes it (a new one if the chat is shared
 * again); `expiresAt` ends it.
 */

interface ShareLink {
  shareUrl: string;
  shareExpiresAt: string | null;
}

/** A share token's chat and link, once checked: what the share page may show. */
interface OpenShare {
  chat: ChatRow;
  share: ShareRow;
}

const sealContext = (chatId: string) => `chat-share:${chatId}`;

export class ShareLinks {
  constructor(
    private readonly deps: {
      box: SecretBox;
      /** The link of a token: `<APP_URL>/share/<token>`. */
      urlOf: (token: string) => string;
      /** The clock expiry is judged by (tests move it). */
      now: () => Date;
    },
  ) {}

  get now(): Date {
    return this.deps.now();
  }

  /** The chat's link, made now if it has none yet; null for a chat that is not unlisted or public. */
  async linkOf(db: Db, chat: ChatRow): Promise<ShareLink | null> {
    if (!isShareable(chat.privacy)) return null;
    const row = (await store.shareOfChat(db, chat.id)) ?? (await store.insertShareIfAbsent(db, this.mint(chat.id)));
    return this.view(row);
  }

  /** A new token for the chat's link (its expiry kept): the old link is unknown from now on. */
  async rotate(db: Db, chat: ChatRow): Promise<ShareLink | null> {
    if (!isShareable(chat.privacy)) return null;
    const fresh = this.mint(chat.id);
    const row = (await store.replaceShareToken(db, chat.id, fresh)) ?? (await store.insertShareIfAbsent(db, fresh));
    return this.view(row);
  }

  /** When the chat's link stops working (null: never); the link is made if it had none. */
  async setExpiry(db: Db, chat: ChatRow, expiresAt: Date | null): Promise<void> {
    await this.linkOf(db, chat);
    await store.setShareExpiry(db, chat.id, expiresAt);
  }

  /** Forgets the link of a chat that is no longer unlisted or public (its token 404s at once). */
  async revokeUnlessShareable(db: Db, chat: ChatRow): Promise<boolean> {
    return isShareable(chat.privacy) ? false : store.deleteShare(db, chat.id);
  }

  /**
   * What a token opens, checked now: its chat while it is unlisted or public and the link has not expired; null for
   * anything else (malformed, unknown, rotated, revoked, expired: the same null).
   */
  async open(db: Db, token: string): Promise<OpenShare | null> {
    const wellFormed = SHARE_TOKEN.test(token);
    const share = wellFormed ? await store.shareByTokenHash(db, sha256Hex(token)) : null;
    // Compared in constant time, against a dummy when no row was found (an unknown token costs what a known one does).
    if (!keyMatches(token, share?.tokenHash ?? null) || !share) return null;
    if (share.expiresAt && share.expiresAt.getTime() <= this.now.getTime()) return null;
    const chat = await chatsStore.findChat(db, share.chatId);
    if (!chat || !isShareable(chat.privacy)) return null;
    return { chat, share };
  }

  /** Whether the link a preview token was minted for (by `previewKey`) still opens its chat. */
  async stillOpen(db: Db, chatId: string, previewKey: string): Promise<boolean> {
    const share = await store.shareOfChat(db, chatId);
    if (!share || ShareLinks.previewKey(share) !== previewKey) return false;
    if (share.expiresAt && share.expiresAt.getTime() <= this.now.getTime()) return false;
    const chat = await chatsStore.findChat(db, chatId);
    return chat !== null && isShareable(chat.privacy);
  }

  /** What a preview token minted for a share names: a digest's prefix, which changes when the link is rotated. */
  static previewKey(share: ShareRow): string {
    return share.tokenHash.slice(0, 16);
  }

  private mint(chatId: string): ShareRow {
    const { token, hash } = newToken();
    return {
      chatId,
      tokenHash: hash,
      sealedToken: this.deps.box.seal(token, sealContext(chatId)),
      expiresAt: null,
      createdAt: this.now,
    };
  }

  private view(row: ShareRow): ShareLink | null {
    const token = this.deps.box.open(row.sealedToken, sealContext(row.chatId));
    // Sealed with another secret key (EMBEDDED_SECRET_KEY changed): the link still works, but cannot be shown; rotate.
    if (!token) return null;
    return { shareUrl: this.deps.urlOf(token), shareExpiresAt: row.expiresAt?.toISOString() ?? null };
  }
}
