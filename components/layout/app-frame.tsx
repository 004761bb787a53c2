"use client";

import { Menu, X } from "lucide-react";
import { usePathname } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { QuickSwitcherIconButton, QuickSwitcherProvider } from "./quick-switcher-provider";

/** The page frame: a fixed sidebar on wide screens, a drawer behind a menu button on narrow ones; the quick switcher everywhere. */
export function AppFrame({ sidebar, children }: { sidebar: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  // Navigating closes the drawer (state adjusted while rendering, not in an effect).
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <QuickSwitcherProvider>
      <div className="flex h-dvh overflow-hidden">
        {open ? (
          <div className="fixed inset-0 z-30 bg-black/40 md:hidden" onClick={() => setOpen(false)} aria-hidden />
        ) : null}
        <aside
          aria-label="Sidebar"
          className={cn(
            "fixed inset-y-0 left-0 z-40 w-64 shrink-0 border-r border-border transition-transform md:static md:translate-x-0",
            open ? "translate-x-0" : "-translate-x-full",
          )}
        >
          {sidebar}
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex h-12 items-center gap-2 border-b border-border px-3 md:hidden">
            <button
              type="button"
              onClick={() => setOpen((v) => !v)}
              aria-label={open ? "Close menu" : "Open menu"}
              aria-expanded={open}
              className="inline-flex size-8 items-center justify-center rounded-md hover:bg-muted"
            >
              {open ? <X className="size-4" aria-hidden /> : <Menu className="size-4" aria-hidden />}
            </button>
            <span className="font-semibold">Atelier</span>
            <div className="ml-auto">
              <QuickSwitcherIconButton />
            </div>
          </div>
          <main className="min-h-0 flex-1">{children}</main>
        </div>
      </div>
    </QuickSwitcherProvider>
  );
}
