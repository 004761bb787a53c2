import type { Chat } from "@/lib/api/schemas";
import type { ProjectV1 } from "@/lib/api/schemas/v1";

/** One row of the quick switcher: a chat, an action or a page, each a place to go. */
export interface SwitcherItem {
  key: string;
  group: "Chats" | "Projects" | "Actions" | "Pages";
  label: string;
  /** Shown muted after the label (a chat's id). */
  detail?: string;
  href: string;
}

const UNTITLED = "Untitled chat";
/** Chats shown with an empty query (the most recent), and at most with a query. */
const RECENT_SHOWN = 8;
const MATCHES_SHOWN = 30;
/** Projects are listed only for a query (the empty switcher stays short). */
const PROJECTS_SHOWN = 10;

const PAGES: readonly SwitcherItem[] = [
  { key: "page:chats", group: "Pages", label: "Chats", href: "/chats" },
  { key: "page:mcp", group: "Pages", label: "MCP servers", href: "/mcp-servers" },
  { key: "page:webhooks", group: "Pages", label: "Webhooks", href: "/webhooks" },
  { key: "page:inbox", group: "Pages", label: "Inbox", href: "/inbox" },
  { key: "page:projects", group: "Pages", label: "Projects", href: "/projects" },
  { key: "page:usage", group: "Pages", label: "Usage", href: "/usage" },
  { key: "page:settings", group: "Pages", label: "Settings", href: "/settings" },
];
const NEW_CHAT: SwitcherItem = { key: "action:new-chat", group: "Actions", label: "New chat", href: "/chats" };

/**
 * How well `text` answers `query` (case-insensitive): 3 starts with it, 2 a word starts with it, 1 contains it,
 * 0 not at all. Every whitespace-separated term must occur; the score is the weakest term's.
 */
export function matchScore(text: string, query: string): number {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!terms.length) return 1;
  const hay = text.toLowerCase();
  let worst = 3;
  for (const term of terms) {
    const at = hay.indexOf(term);
    if (at < 0) return 0;
    const score = at === 0 ? 3 : wordStartAnywhere(hay, term) ? 2 : 1;
    worst = Math.min(worst, score);
  }
  return worst;
}

function wordStartAnywhere(hay: string, term: string): boolean {
  for (let at = hay.indexOf(term); at >= 0; at = hay.indexOf(term, at + 1)) {
    if (at === 0 || /[^a-z0-9]/.test(hay[at - 1]!)) return true;
  }
  return false;
}

/**
 * The switcher's rows for a query, in display order: matching chats (best match first, then the service's order,
 * newest first), matching projects (by name), "New chat", then matching pages. A chat matches by title or by id.
 */
export function switcherItems(
  chats: readonly Chat[],
  query: string,
  projects: readonly ProjectV1[] = [],
): SwitcherItem[] {
  const q = query.trim();
  const chatItems = (
    q
      ? chats
          .map((chat, order) => ({
            chat,
            order,
            score: Math.max(
              matchScore(chat.title || UNTITLED, q),
              chat.id.toLowerCase().startsWith(q.toLowerCase()) ? 3 : 0,
            ),
          }))
          .filter((m) => m.score > 0)
          .sort((a, b) => b.score - a.score || a.order - b.order)
          .slice(0, MATCHES_SHOWN)
          .map((m) => m.chat)
      : chats.slice(0, RECENT_SHOWN)
  ).map((chat): SwitcherItem => ({
    key: `chat:${chat.id}`,
    group: "Chats",
    label: chat.title || UNTITLED,
    detail: chat.id,
    href: `/chats/${encodeURIComponent(chat.id)}`,
  }));
  const projectItems = !q
    ? []
    : projects
        .map((project, order) => ({ project, order, score: matchScore(project.name, q) }))
        .filter((m) => m.score > 0)
        .sort((a, b) => b.score - a.score || a.order - b.order)
        .slice(0, PROJECTS_SHOWN)
        .map(({ project }): SwitcherItem => ({
          key: `project:${project.id}`,
          group: "Projects",
          label: project.name,
          detail: `${project.chatIds.length} chat${project.chatIds.length === 1 ? "" : "s"}`,
          href: `/projects/${encodeURIComponent(project.id)}`,
        }));
  const actions = !q || matchScore(NEW_CHAT.label, q) ? [NEW_CHAT] : [];
  const pages = PAGES.filter((p) => !q || matchScore(p.label, q) > 0);
  return [...chatItems, ...projectItems, ...actions, ...pages];
}
