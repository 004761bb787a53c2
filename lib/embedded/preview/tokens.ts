import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

const HOUR_MS = 60 * 60 * 1000;

/** What a token says once checked: the chat it opens, or why it opens nothing. */
export type TokenCheck = { ok: true; chatId: string; expiresAt: Date } | { ok: false; reason: "invalid" | "expired" };

/**
 * Preview tokens (wire-decisions.md 7): a short-lived capability naming one chat, `<chat id, base64url>.<expiry in
 * seconds>.<HMAC-SHA256>` under a key derived from the service's API key. It is checked without the database: the
 * chat comes out of the token, the HMAC proves the service issued it, the expiry ends it. Expiry is the next full
 * hour plus one hour, so the token stays the same for an hour (a refetch does not reload the dashboard's preview) and
 * lives one to two hours.
 */
export class PreviewTokens {
  private readonly key: Buffer;

  constructor(
    apiKey: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createHash("sha256").update(`atelier-embedded-preview\0${apiKey}`).digest();
  }

  issue(chatId: string): { token: string; expiresAt: string } {
    const expires = Math.ceil(this.now().getTime() / HOUR_MS) * HOUR_MS + HOUR_MS;
    const body = `${Buffer.from(chatId, "utf8").toString("base64url")}.${expires / 1000}`;
    return { token: `${body}.${this.sign(body)}`, expiresAt: new Date(expires).toISOString() };
  }

  verify(token: string): TokenCheck {
    const match = /^([A-Za-z0-9_-]{1,200})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return { ok: false, reason: "invalid" };
    const given = Buffer.from(match[3]!, "base64url");
    const wanted = Buffer.from(this.sign(`${match[1]}.${match[2]}`), "base64url");
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { ok: false, reason: "invalid" };
    const expiresAt = new Date(Number(match[2]) * 1000);
    if (expiresAt.getTime() <= this.now().getTime()) return { ok: false, reason: "expired" };
    return { ok: true, chatId: Buffer.from(match[1]!, "base64url").toString("utf8"), expiresAt };
  }

  private sign(body: string): string {
    return createHmac("sha256", this.key).update(body).digest("base64url");
  }
}
