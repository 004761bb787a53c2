"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { ArrowRight, CornerDownLeft, FolderKanban, MessageSquare, Plus, Search } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { DialogOverlay } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useChats } from "@/lib/hooks/use-chats";
import { useProjects } from "@/lib/hooks/use-projects";
import { switcherItems, type SwitcherItem } from "./quick-switcher-items";

/** With a query, older pages of the chats list are fetched until this many pages are loaded (20 chats each). */
const SEARCH_PAGES = 10;

const ICONS: Record<SwitcherItem["group"], typeof Search> = {
  Chats: MessageSquare,
  Projects: FolderKanban,
  Actions: Plus,
  Pages: ArrowRight,
};

/**
 * The quick switcher (Cmd/Ctrl+K): a labelled dialog with a combobox over chats, "New chat" and the dashboard's pages.
 * Arrow keys move, Enter goes, Esc closes. Chats come from the shared chats-list query; typing searches older pages too.
 */
export function QuickSwitcherDialog({
  open,
  onOpenChange,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (item: SwitcherItem) => void;
}) {
  // Radix returns focus to a Dialog.Trigger; opened by a shortcut there is none, so the switcher keeps its own.
  const returnTo = useRef<HTMLElement | null>(null);
  const chosen = useRef(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <DialogOverlay />
        <Dialog.Content
          data-testid="quick-switcher"
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            chosen.current = false;
            returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(e) => {
            // After a choice the next page decides where focus goes; after Esc it returns to where it was.
            e.preventDefault();
            if (!chosen.current && returnTo.current?.isConnected) returnTo.current.focus();
          }}
          className="fixed top-[12vh] left-1/2 z-50 flex max-h-[70dvh] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-xl border border-border bg-card shadow-xl focus:outline-none"
        >
          <Dialog.Title className="sr-only">Go to a chat or page</Dialog.Title>
          {open ? (
            <SwitcherBody
              onSelect={(item) => {
                chosen.current = true;
                onSelect(item);
              }}
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SwitcherBody({ onSelect }: { onSelect: (item: SwitcherItem) => void }) {
  const baseId = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const { chats, isPending, error, hasNextPage, isFetchingNextPage, fetchNextPage, data } = useChats();
  // Projects are found by name too; without them (a service without projects, an error) the switcher still works.
  const { projects } = useProjects();
  const items = useMemo(() => switcherItems(chats, query, projects), [chats, query, projects]);
  const listRef = useRef<HTMLDivElement>(null);
  const searching = query.trim() !== "";
  const pagesLoaded = data?.pages.length ?? 0;
  const canSearchOlder = searching && !!hasNextPage && pagesLoaded < SEARCH_PAGES;

  useEffect(() => {
    if (canSearchOlder && !isFetchingNextPage) void fetchNextPage();
  }, [canSearchOlder, isFetchingNextPage, fetchNextPage]);
  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView?.({ block: "nearest" });
  }, [active]);

  const current = items[Math.min(active, items.length - 1)];
  const optionId = (i: number) => `${baseId}-option-${i}`;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = items.length - 1;
    if (e.key === "ArrowDown") setActive((a) => (a >= last ? 0 : a + 1));
    else if (e.key === "ArrowUp") setActive((a) => (a <= 0 ? last : a - 1));
    else if (e.key === "Home" && e.ctrlKey) setActive(0);
    else if (e.key === "End" && e.ctrlKey) setActive(last);
    else if (e.key === "PageDown") setActive((a) => Math.min(last, a + 8));
    else if (e.key === "PageUp") setActive((a) => Math.max(0, a - 8));
    else if (e.key === "Enter" && !e.nativeEvent.isComposing) {
      if (current) onSelect(current);
    } else return;
    e.preventDefault();
  };

  return (
    <>
      <div className="flex items-center gap-2 border-b border-border px-4">
        <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <input
          data-testid="quick-switcher-input"
          role="combobox"
          aria-label="Search chats and pages"
          aria-expanded="true"
          aria-controls={`${baseId}-list`}
          aria-autocomplete="list"
          aria-activedescendant={current ? optionId(items.indexOf(current)) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder="Search chats by title or id…"
          className="h-12 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
        />
        {isPending || isFetchingNextPage ? (
          <Spinner className="size-4" label={searching ? "Searching older chats" : "Loading chats"} />
        ) : null}
      </div>
      <div
        ref={listRef}
        id={`${baseId}-list`}
        role="listbox"
        aria-label="Results"
        className="min-h-0 flex-1 overflow-y-auto p-2"
      >
        {items.map((item, i) => {
          const header = i === 0 || items[i - 1].group !== item.group ? item.group : null;
          const Icon = ICONS[item.group];
          const isActive = item === current;
          return (
            <div key={item.key} role="presentation">
              {header ? (
                <div
                  role="presentation"
                  className="px-2 pt-2 pb-1 text-[11px] font-medium tracking-wide text-muted-foreground uppercase"
                >
                  {header}
                </div>
              ) : null}
              <div
                id={optionId(i)}
                role="option"
                aria-selected={isActive}
                data-index={i}
                data-testid="quick-switcher-option"
                data-href={item.href}
                onMouseMove={() => active !== i && setActive(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onSelect(item)}
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm",
                  isActive ? "bg-muted text-foreground" : "text-foreground/90",
                )}
              >
                <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span
                  className={cn(
                    "min-w-0 truncate",
                    item.group === "Chats" && item.label === "Untitled chat" && "italic",
                  )}
                >
                  {item.label}
                </span>
                {item.detail ? (
                  <span className="ml-auto hidden shrink-0 truncate font-mono text-[11px] text-muted-foreground sm:inline">
                    {item.detail}
                  </span>
                ) : null}
                {isActive ? (
                  <CornerDownLeft
                    className={cn("ml-auto size-3.5 shrink-0 text-muted-foreground", item.detail && "sm:ml-0")}
                    aria-hidden
                  />
                ) : null}
              </div>
            </div>
          );
        })}
        <SwitcherStatus
          empty={!items.some((i) => i.group === "Chats")}
          searching={searching}
          loading={isPending}
          error={error}
          older={isFetchingNextPage}
          limited={searching && !!hasNextPage && pagesLoaded >= SEARCH_PAGES}
          count={chats.length}
        />
      </div>
      <div className="flex gap-4 border-t border-border px-4 py-2 text-[11px] text-muted-foreground" aria-hidden>
        <span>↑↓ move</span>
        <span>Enter open</span>
        <span>Esc close</span>
      </div>
    </>
  );
}

function SwitcherStatus(props: {
  empty: boolean;
  searching: boolean;
  loading: boolean;
  error: Error | null;
  older: boolean;
  limited: boolean;
  count: number;
}) {
  let text: string | null = null;
  if (props.error) text = `Chats could not be loaded: ${props.error.message}. Pages are still listed.`;
  else if (props.loading) text = "Loading chats…";
  else if (props.older) text = "Searching older chats…";
  else if (props.empty && props.searching) text = "No chat matches. Try part of a title or a chat id.";
  else if (props.empty) text = "No chats yet — choose “New chat” to describe an app to build.";
  else if (props.limited) text = `Searched the ${props.count} most recent chats.`;
  if (!text) return null;
  return (
    <p role="status" className="px-2 py-2 text-xs text-muted-foreground">
      {text}
    </p>
  );
}
