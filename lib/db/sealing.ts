import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encryption at rest for secrets kept in a database row (the embedded service's MCP tokens, webhook signing secrets
 * and environment variables; the dashboard's inbox secrets): AES-256-GCM with a key derived by HKDF-SHA256 from a
 * room's secret material, under that room's own `salt` and `info` (one key per room and purpose). Each value is bound
 * to where it is stored (`context`, e.g. "<serverId>:access_token") as additional authenticated data, so a ciphertext
 * cannot be moved to another row. Format: "v1." + base64url(iv[12] | tag[16] | ciphertext).
 */
export class SealingKey {
  private readonly key: Buffer;

  constructor(secretMaterial: string, salt: string, info: string) {
    if (!secretMaterial) throw new Error("A sealing key needs secret material");
    this.key = Buffer.from(hkdfSync("sha256", secretMaterial, salt, info, 32));
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url")}`;
  }

  /** The plaintext, or null when the value was sealed with another key or context, or is damaged. */
  open(sealed: string, context: string): string | null {
    if (!sealed.startsWith("v1.")) return null;
    const raw = Buffer.from(sealed.slice(3), "base64url");
    if (raw.length < 28) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      return null;
    }
  }
}
