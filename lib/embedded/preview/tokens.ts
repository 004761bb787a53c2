import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Whom a preview token was minted for (issue 40): a person (`p:<personId>`), or a share link (`s:<its preview key>`,
 * shares/links.ts). The preview origin checks at every request that they may still read the chat, so a chat made
 * private stops its previews for everyone but its author, and a rotated or revoked link its share's.
 */
export type PreviewSubject = `p:${string}` | `s:${string}`;

/** What a token says once checked: the chat it opens and for whom, or why it opens nothing. */
export type TokenCheck =
  { ok: true; chatId: string; subject: PreviewSubject; expiresAt: Date } | { ok: false; reason: "invalid" | "expired" };

/**
 * Preview tokens (wire-decisions.md 7): a short-lived capability naming one chat and whom it was minted for,
 * `<chat id, base64url>.<subject, base64url>.<expiry in seconds>.<HMAC-SHA256>` under a key derived from the
 * service's API key. The HMAC proves the service issued it, the expiry ends it; the preview origin then checks that
 * the subject may still read the chat. Expiry is the next full hour plus one hour, so the token stays the same for
 * an hour (a refetch does not reload the dashboard's preview) and lives one to two hours.
 */
export class PreviewTokens {
  private readonly key: Buffer;

  constructor(
    apiKey: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createHash("sha256").update(`atelier-embedded-preview\0${apiKey}`).digest();
  }

  issue(chatId: string, subject: PreviewSubject): { token: string; expiresAt: string } {
    const expires = Math.ceil(this.now().getTime() / HOUR_MS) * HOUR_MS + HOUR_MS;
    const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64url");
    const body = `${b64(chatId)}.${b64(subject)}.${expires / 1000}`;
    return { token: `${body}.${this.sign(body)}`, expiresAt: new Date(expires).toISOString() };
  }

  verify(token: string): TokenCheck {
    const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{1,200})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return { ok: false, reason: "invalid" };
    const given = Buffer.from(match[4]!, "base64url");
    const wanted = Buffer.from(this.sign(`${match[1]}.${match[2]}.${match[3]}`), "base64url");
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { ok: false, reason: "invalid" };
    const subject = Buffer.from(match[2]!, "base64url").toString("utf8");
    if (!/^[ps]:./.test(subject)) return { ok: false, reason: "invalid" };
    const expiresAt = new Date(Number(match[3]) * 1000);
    if (expiresAt.getTime() <= this.now().getTime()) return { ok: false, reason: "expired" };
    const chatId = Buffer.from(match[1]!, "base64url").toString("utf8");
    return { ok: true, chatId, subject: subject as PreviewSubject, expiresAt };
  }

  private sign(body: string): string {
    return createHmac("sha256", this.key).update(body).digest("base64url");
  }
}
