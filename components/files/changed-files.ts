import { normalizePath } from "@/lib/api/files";
import type { Message } from "@/lib/api/schemas";

/** How the latest message changed a file (from its `file-edit` parts). */
export type ChangeKind = "created" | "updated" | "renamed";

/**
 * The files the latest assistant message changed, by path, from its `file-edit` parts (create → created;
 * update/patch → updated; rename → its `toPath` renamed; delete → gone, not listed). A later edit of the same
 * path wins, except that a file created and then updated stays "created".
 */
export function changedFilesOf(messages: readonly Message[]): Map<string, ChangeKind> {
  const out = new Map<string, ChangeKind>();
  const latest = [...messages].reverse().find((m) => m.role === "assistant");
  if (!latest) return out;
  for (const part of latest.parts ?? []) {
    if (part.type !== "file-edit") continue;
    const p = part as { operation?: unknown; path?: unknown; toPath?: unknown };
    const path = typeof p.path === "string" ? normalizePath(p.path) : "";
    const toPath = typeof p.toPath === "string" ? normalizePath(p.toPath) : "";
    switch (p.operation) {
      case "create":
        if (path) out.set(path, "created");
        break;
      case "update":
      case "patch":
        if (path && out.get(path) !== "created") out.set(path, "updated");
        break;
      case "rename":
        if (path) out.delete(path);
        if (toPath) out.set(toPath, "renamed");
        break;
      case "delete":
        if (path) out.delete(path);
        break;
    }
  }
  return out;
}
