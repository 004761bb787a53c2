import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { normalizePath } from "@/lib/api/files";
import { useBrowserValue } from "@/lib/hooks/use-browser-value";
import { onSidePanelTab, type SidePanelTab } from "../chat-navigation";

const TABS: readonly SidePanelTab[] = ["files", "preview", "details"];
/** Older deep links: `?tab=project` opened the host project, which now lives in Details. */
const TAB_ALIASES: Record<string, SidePanelTab> = { project: "details" };

/** Wide enough for the panel beside the chat (no matchMedia, as in component tests: yes). */
const readWide = () => typeof window.matchMedia !== "function" || window.matchMedia("(min-width: 1024px)").matches;

/**
 * The panel's state as the address says it: the open file (`?file=`, with `view=changes` and `line=`), the tab
 * (`?tab=`), and whether the panel is open. It follows the address when it changes (links from parts, Back and Forward,
 * openSidePanelTab) and writes its own changes back with `replaceState` (setParams), so the deep link stays true.
 * Esc inside the panel closes it (when `mayLeaveRef` allows: unsaved edits ask first) and gives the focus back to what
 * opened it.
 */
export function usePanelUrlState() {
  // Null outside Next's app router (component tests): no deep link then.
  const searchParams = useSearchParams() as URLSearchParams | null;
  const urlFile = searchParams?.get("file") ?? null;
  const urlTab = searchParams?.get("tab") ?? null;
  // `view=changes`: open the file on its diff (links from the timeline's hand edit rows).
  const urlView = searchParams?.get("view") ?? null;
  const urlLine = Number(searchParams?.get("line")) || null;
  // The panel's own state, following the URL when it changes (links from parts, back/forward).
  const [fileParam, setFileParam] = useState(urlFile);
  const [tabParam, setTabParam] = useState(urlTab);
  const [urlSeen, setUrlSeen] = useState({ urlFile, urlTab });
  if (urlSeen.urlFile !== urlFile || urlSeen.urlTab !== urlTab) {
    setUrlSeen({ urlFile, urlTab });
    setFileParam(urlFile);
    setTabParam(urlTab);
  }
  const selected = fileParam ? normalizePath(fileParam) : null;
  const wantedTab = tabParam ? (TAB_ALIASES[tabParam] ?? tabParam) : null;
  const tab: SidePanelTab = fileParam
    ? "files"
    : TABS.includes(wantedTab as SidePanelTab)
      ? (wantedTab as SidePanelTab)
      : "files";
  // Null until something opens or closes it: then it is open on wide screens and closed on narrow ones (an overlay
  // there), unless a link asks for a file or tab; open while the page hydrates.
  const [chosenOpen, setOpen] = useState<boolean | null>(fileParam || tabParam ? true : null);
  const wide = useBrowserValue(readWide, true);
  const open = chosenOpen ?? wide;
  // A file or tab asked for (a link, back/forward) opens it: state adjusted while rendering, not in an effect.
  const [paramsSeen, setParamsSeen] = useState({ fileParam, tabParam });
  if (paramsSeen.fileParam !== fileParam || paramsSeen.tabParam !== tabParam) {
    setParamsSeen({ fileParam, tabParam });
    if (fileParam || tabParam) setOpen(true);
  }
  const panelRef = useRef<HTMLElement>(null);
  // Where the focus goes back to when Esc closes the panel (the control that opened it, else the rail's button).
  const opener = useRef<HTMLElement | null>(null);

  // "Details" in the header (openSidePanelTab): open on that tab and move the focus into it.
  useEffect(
    () =>
      onSidePanelTab((wanted) => {
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setFileParam(null);
        setTabParam(wanted);
        setOpen(true);
        requestAnimationFrame(() =>
          panelRef.current?.querySelector<HTMLElement>(`[data-testid="${wanted}-tab"]`)?.focus(),
        );
      }),
    [],
  );
  // Whether the editor may be left (set by the panel, once the editing state exists).
  const mayLeaveRef = useRef<() => boolean>(() => true);
  const onPanelKeyDown = useCallback((event: ReactKeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    if (
      document.querySelector(
        '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], [role="menu"][data-state="open"]',
      )
    )
      return;
    event.preventDefault();
    if (!mayLeaveRef.current()) return;
    const back = opener.current;
    opener.current = null;
    setOpen(false);
    requestAnimationFrame(() =>
      (back && back.isConnected
        ? back
        : document.querySelector<HTMLElement>('[data-testid="files-panel-open"]')
      )?.focus(),
    );
  }, []);

  const setParams = useCallback((change: Record<string, string | null>) => {
    if ("file" in change) setFileParam(change.file ?? null);
    if ("tab" in change) setTabParam(change.tab ?? null);
    // The History API (state null, so Next's router syncs useSearchParams) keeps the deep link in the address bar.
    const url = new URL(window.location.href);
    for (const [k, v] of Object.entries(change)) {
      if (v === null) url.searchParams.delete(k);
      else url.searchParams.set(k, v);
    }
    window.history.replaceState(null, "", url);
  }, []);

  return {
    fileParam,
    selected,
    tab,
    urlView,
    urlLine,
    open,
    setOpen,
    panelRef,
    onPanelKeyDown,
    mayLeaveRef,
    setParams,
  };
}
