/** The chat page's address for a chat id, and back: the id in a pathname `/chats/<id>` (null for any other page). */
export function chatPath(chatId: string): string {
  return `/chats/${encodeURIComponent(chatId)}`;
}

export function chatIdOfPath(pathname: string | null): string | null {
  const segment = /^\/chats\/([^/]+)\/?$/.exec(pathname ?? "")?.[1];
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // not valid percent-encoding: the segment as it came
  }
}
