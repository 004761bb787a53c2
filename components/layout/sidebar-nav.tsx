"use client";

import { BarChart3, FolderKanban, Inbox, MessagesSquare, Plug, Settings, Webhook, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import { FavoriteChats } from "./favorite-chats";
import { PublicChats } from "./public-chats";
import { QuickSwitcherButton } from "./quick-switcher-provider";
import { RecentChats } from "./recent-chats";

interface NavItem {
  label: string;
  icon: LucideIcon;
  href: string;
  /** Only admins see it (the service answers others 403). */
  admin?: true;
}

/** The sections of the docs/ui.md frame after Chats. */
const SECTIONS: NavItem[] = [
  { label: "MCP servers", icon: Plug, href: "/mcp-servers" },
  { label: "Webhooks", icon: Webhook, href: "/webhooks", admin: true },
  { label: "Inbox", icon: Inbox, href: "/inbox", admin: true },
  { label: "Projects", icon: FolderKanban, href: "/projects" },
  { label: "Usage", icon: BarChart3, href: "/usage" },
  { label: "Settings", icon: Settings, href: "/settings" },
];

const itemClass = "flex h-8 items-center gap-2 rounded-md px-2 text-sm";

export function SidebarNav({ admin }: { admin: boolean }) {
  const pathname = usePathname();
  const onChats = pathname === "/chats";
  return (
    <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-2 py-2">
      <QuickSwitcherButton />
      <FavoriteChats pathname={pathname} />
      <div>
        <Link
          href="/chats"

          aria-current={onChats ? "page" : undefined}
          className={cn(
            itemClass,
            "font-medium",
            onChats ? "bg-muted text-foreground" : "text-foreground hover:bg-muted",
          )}
        >
          <MessagesSquare className="size-4" aria-hidden />
          Chats
        </Link>
        <RecentChats pathname={pathname} />
      </div>
      <PublicChats pathname={pathname} />
      <ul className="space-y-0.5" aria-label="Sections">
        {SECTIONS.filter((section) => admin || !section.admin).map(({ label, icon: Icon, href }) => (
          <li key={label}>
            <Link
              href={href}
              aria-current={pathname === href ? "page" : undefined}
              className={cn(
                itemClass,
                "font-medium",
                pathname === href || pathname.startsWith(`${href}/`)
                  ? "bg-muted text-foreground"
                  : "text-foreground hover:bg-muted",
              )}
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
