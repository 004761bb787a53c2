"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import { useIsAdmin } from "@/lib/hooks/person";

const PAGES = [
  { href: "/settings", label: "General" },
  { href: "/settings/api-keys", label: "API keys" },
  { href: "/settings/budgets", label: "Budgets" },
  { href: "/settings/people", label: "People", admin: true },
  { href: "/settings/audit-log", label: "Audit log", admin: true },
] as const;

/**
 * The settings pages; People and the audit log only for admins (others never see them). Budgets are everyone's: an
 * admin sets them, others read their own.
 */
export function SettingsNav() {
  const pathname = usePathname();
  const admin = useIsAdmin();
  return (
    <nav aria-label="Settings" className="-mx-1 flex gap-1 overflow-x-auto border-b border-border px-1">
      {PAGES.filter((page) => admin || !("admin" in page)).map((page) => {
        const current = pathname === page.href;
        return (
          <Link
            key={page.href}
            href={page.href}
            aria-current={current ? "page" : undefined}
            className={cn(
              "-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium",
              current
                ? "border-primary text-foreground"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {page.label}
          </Link>
        );
      })}
    </nav>
  );
}
