import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * Preview requests forwarded between instances (docs/app-runtime.md, "Several instances"). The instance a request
 * reached, when the chat's app runs on another one, sends it on to that instance's preview listener with this header:
 * `<expiry in seconds>.<HMAC-SHA256>` over the receiving instance, the chat, the method and the path, under a key
 * derived from the secret key every instance shares (EMBEDDED_SECRET_KEY). The receiver answers it from its own app
 * and never forwards it again; a request with the header and no valid signature is refused (403).
 */
export const FORWARDED_HEADER = "x-atelier-forwarded";

/** How long a signature is accepted (clocks of instances may differ a little; a request is sent at once). */
const VALID_S = 60;

export class ForwardSigner {
  private readonly key: Buffer;

  /**
   * `purpose`: "forward" for preview requests, "control" for Restart, Stop and the state asked of the instance that
   * runs an app (control.ts): a key of its own each, so a signature of one is never valid as the other.
   */
  constructor(
    secretKey: string,
    private readonly now: () => number = Date.now,
    purpose: "forward" | "control" = "forward",
  ) {
    this.key = createHash("sha256").update(`atelier-app-${purpose}\0${secretKey}`).digest();
  }

  /** The header's value for a request to `to` (the receiving instance's owner id). */
  sign(to: string, chatId: string, method: string, path: string): string {
    const expires = Math.floor(this.now() / 1000) + VALID_S;
    return `${expires}.${this.mac(to, chatId, method, path, expires)}`;
  }

  /** Whether `value` was signed for this instance (`self`), this chat, method and path, and has not expired. */
  verify(value: string, self: string, chatId: string, method: string, path: string): boolean {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!match) return false;
    const expires = Number(match[1]);
    if (expires * 1000 <= this.now() || expires * 1000 > this.now() + 2 * VALID_S * 1000) return false;
    const given = Buffer.from(match[2]!, "base64url");
    const wanted = Buffer.from(this.mac(self, chatId, method, path, expires), "base64url");
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }

  private mac(to: string, chatId: string, method: string, path: string, expires: number): string {
    return createHmac("sha256", this.key)
      .update([to, chatId, method.toUpperCase(), path, String(expires)].join("\0"))
      .digest("base64url");
  }
}
