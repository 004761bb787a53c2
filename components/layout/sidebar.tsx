import { Server, UserRound } from "lucide-react";
import Link from "next/link";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { RoleBadge } from "@/components/people/role-badge";
import type { Role } from "@/lib/api/schemas/team";
import { SidebarNav } from "./sidebar-nav";

interface SidebarProps {
  /** "Embedded service" or the upstream host; never the key. */
  upstream: { label: string; detail: string };
  /** The signed-in person: their name and role are shown. */
  person: { name: string; email: string; role: Role };
  /** A server action that signs out. */
  signOutAction: () => Promise<void>;
}

/** The dashboard's sidebar: navigation, recent chats, the upstream, the user and sign-out. */
export function Sidebar({ upstream, person, signOutAction }: SidebarProps) {
  return (
    <div className="flex h-full flex-col bg-surface">
      <div className="flex h-14 items-center gap-2 px-4">
        <Link href="/chats" className="flex items-center gap-2 rounded-md font-semibold tracking-tight">
          <span
            aria-hidden
            className="grid size-7 place-items-center rounded-md bg-primary text-sm font-bold text-primary-foreground"
          >
            A
          </span>
          Atelier
        </Link>
        <div className="ml-auto">
          <ThemeToggle />
        </div>
      </div>
      <SidebarNav admin={person.role === "admin"} />
      <div className="space-y-2 border-t border-border p-3 text-xs">
        <div className="flex items-center gap-2 text-muted-foreground" title={upstream.detail} data-testid="upstream">
          <Server className="size-3.5 shrink-0" aria-hidden />
          <span className="sr-only">Upstream service:</span>
          <span className="truncate">{upstream.label}</span>
        </div>
        <div className="flex items-center gap-2">
          <UserRound className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="flex min-w-0 flex-1 items-center gap-1.5" title={person.email}>
            <span className="truncate font-medium" data-testid="signed-in-user">
              {person.name}
            </span>
            <RoleBadge role={person.role} />
          </span>
          <SignOutButton action={signOutAction} />
        </div>
      </div>
    </div>
  );
}
