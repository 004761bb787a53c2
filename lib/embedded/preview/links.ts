import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Preview } from "@/lib/api";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Preview URLs (wire-decisions.md 7): `{base}/preview/{chatId}/{token}/index.html`. The token is `<expiry>.<HMAC>` so the
 * URL needs no bearer header (an iframe can load it). Expiry is the next full hour plus one hour, so the URL
 * stays the same for an hour (a refetch does not reload the preview) and lives one to two hours.
 */
export class PreviewLinks {
  private readonly key: Buffer;

  constructor(
    apiKey: string,
    private readonly baseUrl: string,
  ) {
    this.key = createHash("sha256").update(`atelier-embedded-preview\0${apiKey}`).digest();
  }

  create(chatId: string, now = new Date()): NonNullable<Preview> {
    const expires = Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS;
    const token = `${expires / 1000}.${this.sign(chatId, expires / 1000)}`;
    return {
      url: `${this.baseUrl}/preview/${encodeURIComponent(chatId)}/${token}/index.html`,
      // The document's `token`: the same capability the URL carries (the preview opens with it until expiresAt).
      token,
      expiresAt: new Date(expires).toISOString(),
    };
  }

  /** "ok", or why the token does not open this chat's preview. */
  verify(chatId: string, token: string, now = new Date()): "ok" | "invalid" | "expired" {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return "invalid";
    const expires = Number(match[1]);
    const given = Buffer.from(match[2]!, "base64url");
    const wanted = Buffer.from(this.sign(chatId, expires), "base64url");
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return "invalid";
    return expires * 1000 > now.getTime() ? "ok" : "expired";
  }

  private sign(chatId: string, expiresSeconds: number): string {
    return createHmac("sha256", this.key).update(`${chatId}.${expiresSeconds}`).digest("base64url");
  }
}
