/** The inbox id when a webhook URL is this dashboard's receiver (`…/api/inbox/<inboxId>`), else null. */
export function inboxIdOfUrl(url: string): string | null {
  try {
    const match = /^\/api\/inbox\/([^/]+)\/?$/.exec(new URL(url).pathname);
    return match ? decodeURIComponent(match[1]!) : null;
  } catch {
    return null;
  }
}
