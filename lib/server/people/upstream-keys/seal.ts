import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Sealing a secret at rest with AES-256-GCM under a key derived (HKDF-SHA256) from AUTH_SECRET for this one purpose.
 * The associated data binds a sealed value to where it was stored (the person and the deployment): moved to another
 * row it does not open. Changing AUTH_SECRET makes stored values unreadable: they count as absent.
 */
const VERSION = "v1";

function keyFor(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "atelier", "dashboard upstream api keys v1", 32));
}

export function seal(secret: string, plaintext: string, boundTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret), iv);
  cipher.setAAD(Buffer.from(boundTo, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The plaintext, or null when the value does not open (another secret, another binding, tampered). */
export function unseal(secret: string, sealed: string, boundTo: string): string | null {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== VERSION || !iv || body === undefined || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(boundTo, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
