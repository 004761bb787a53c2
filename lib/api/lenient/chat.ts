import type { Chat, Privacy, Usage } from "../schemas";
import { ReadError, bool, isObj, need, num, str, stringMap, type Obj } from "./values";

/**
 * Chats and usage as any deployment sends them (docs/interoperability.md): unknown fields are dropped, fields the
 * document leaves out get their neutral value, and the document's names are read as the interface's
 * (`vercelProjectId` → `hostProjectId`). Throws ReadError only when the chat has no id.
 */
export function readChat(raw: unknown): Chat {
  if (!isObj(raw)) throw new ReadError("a chat must be an object");
  const hostProjectId = str(raw.hostProjectId) ?? str(raw.vercelProjectId);
  const title = str(raw.title) ?? str(raw.name);
  const updatedAt = str(raw.updatedAt);
  // Our extension (docs/privacy.md): an unlisted or public chat's share link and its expiry.
  const shareUrl = str(raw.shareUrl);
  const shareExpiresAt = raw.shareExpiresAt === null ? null : str(raw.shareExpiresAt);
  return {
    id: need(str(raw.id), "id"),
    ...(title !== undefined ? { title } : {}),
    // A privacy value this dashboard does not know is shown as it is.
    privacy: (str(raw.privacy) ?? "private") as Privacy,
    createdAt: str(raw.createdAt) ?? "",
    ...(updatedAt !== undefined ? { updatedAt } : {}),
    authorId: str(raw.authorId) ?? "",
    ...(hostProjectId !== undefined ? { hostProjectId } : {}),
    metadata: stringMap(raw.metadata),
    writePermission: bool(raw.writePermission) ?? true,
    ...(shareUrl !== undefined ? { shareUrl, shareExpiresAt: shareExpiresAt ?? null } : {}),
  };
}

const FIELDS = ["input", "output", "cacheRead", "cacheWrite"] as const;

function counts(raw: unknown): Usage["tokens"] {
  const o: Obj = isObj(raw) ? raw : {};
  const [input, output, cacheRead, cacheWrite] = FIELDS.map((k) => num(o[k]) ?? 0) as [number, number, number, number];
  return { input, output, cacheRead, cacheWrite, total: num(o.total) ?? input + output + cacheRead + cacheWrite };
}

/** Usage with or without `model` (the document has none: null). Undefined when there is no usage object at all. */
export function readUsage(raw: unknown): Usage | undefined {
  if (!isObj(raw)) return undefined;
  return { model: str(raw.model) ?? null, tokens: counts(raw.tokens), creditsCost: counts(raw.creditsCost) };
}
