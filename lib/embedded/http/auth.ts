import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Whether the request carries `Authorization: Bearer <apiKey>`; compared in constant time. */
export function hasValidKey(headers: Headers, apiKey: string): boolean {
  const header = headers.get("authorization") ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!.trim()), digest(apiKey));
}
