"use client";

import { Search } from "lucide-react";
import { useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { useBrowserValue } from "@/lib/hooks/use-browser-value";
import { QuickSwitcherDialog } from "./quick-switcher";
import type { SwitcherItem } from "./quick-switcher-items";

const OpenSwitcher = createContext<() => void>(() => {});

/** Where typing goes: inputs, text areas, selects and editable content keep their keys. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/** The page's own search field (marked data-page-search), when one is visible. */
function visiblePageSearch(): HTMLElement | null {
  for (const el of document.querySelectorAll<HTMLElement>("[data-page-search]")) {
    if (el.getClientRects().length > 0) return el;
  }
  return null;
}

/**
 * docs/ui.md's keyboard: Cmd/Ctrl+K opens the quick switcher anywhere; `/` (outside a text field) focuses the page's
 * search field, or opens the switcher where the page has none. Another open dialog keeps its keys.
 */
export function QuickSwitcherProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const otherDialog =
        !open && document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
      if ((e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "k") {
        if (otherDialog) return;
        e.preventDefault();
        setOpen((v) => !v);
      } else if (
        e.key === "/" &&
        !e.metaKey &&
        !e.ctrlKey &&
        !e.altKey &&
        !open &&
        !otherDialog &&
        !isTyping(e.target)
      ) {
        e.preventDefault();
        const search = visiblePageSearch();
        if (search) search.focus();
        else setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const onSelect = useCallback(
    (item: SwitcherItem) => {
      setOpen(false);
      router.push(item.href);
      if (item.key === "action:new-chat") focusWhenShown('[data-testid="new-chat-form"] textarea');
    },
    [router],
  );

  return (
    <OpenSwitcher.Provider value={useCallback(() => setOpen(true), [])}>
      {children}
      <QuickSwitcherDialog open={open} onOpenChange={setOpen} onSelect={onSelect} />
    </OpenSwitcher.Provider>
  );
}

/** Focus an element once the next page shows it (the new-chat prompt), giving up after two seconds. */
function focusWhenShown(selector: string) {
  const until = performance.now() + 2000;
  const tick = () => {
    const el = document.querySelector<HTMLElement>(selector);
    if (el) el.focus();
    else if (performance.now() < until) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** The narrow screens' top-bar search button (no keyboard shortcut to advertise there). */
export function QuickSwitcherIconButton() {
  const openSwitcher = useContext(OpenSwitcher);
  return (
    <button
      type="button"
      onClick={openSwitcher}
      aria-label="Search chats"
      data-testid="quick-switcher-icon-button"
      className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
    >
      <Search className="size-4" aria-hidden />
    </button>
  );
}

const modifierKey = () => (/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent) ? "⌘" : "Ctrl");

/** The sidebar's "Search chats" button, with the shortcut for this platform. */
export function QuickSwitcherButton() {
  const openSwitcher = useContext(OpenSwitcher);
  const mod = useBrowserValue(modifierKey, "Ctrl");
  return (
    <button
      type="button"
      onClick={openSwitcher}
      data-testid="quick-switcher-button"
      aria-keyshortcuts="Control+K Meta+K"
      className="flex h-8 w-full items-center gap-2 rounded-md border border-border bg-card px-2 text-sm text-muted-foreground hover:bg-muted hover:text-foreground"
    >
      <Search className="size-4" aria-hidden />
      Search chats
      <kbd className="ml-auto rounded border border-border px-1 font-sans text-[10px]">{mod} K</kbd>
    </button>
  );
}
