import "server-only";
import type { ChatFile } from "@/lib/api";
import type { ChatFileRow } from "../store";

export function toChatFile(row: ChatFileRow): ChatFile {
  return { path: row.path, content: row.content, encoding: row.encoding };
}
