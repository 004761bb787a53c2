"use client";

import { FolderTree } from "lucide-react";
import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode, type Ref } from "react";
import { cn } from "@/components/ui/cn";
import { useLocalStorage } from "@/lib/hooks/use-local-storage";

const WIDTH_KEY = "atelier.filesPanel.width";
const MIN = 320;
const DEFAULT = 480;
const max = () => Math.max(MIN, Math.round(window.innerWidth * 0.7));

/**
 * The right panel's frame: resizable by its left edge (drag, or arrow keys on the focused handle; the width is
 * remembered), collapsible to a thin rail; on narrow screens an overlay sheet.
 */
export function PanelLayout({
  open,
  onOpenChange,
  panelRef,
  onKeyDown: onPanelKeyDown,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  panelRef?: Ref<HTMLElement>;
  /** Keys pressed anywhere inside the open panel (Esc closes it). */
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  children: ReactNode;
}) {
  // The remembered width (the default while the page hydrates); while dragging, the width under the pointer.
  const [stored, store] = useLocalStorage(WIDTH_KEY);
  const saved = Number(stored);
  const [dragged, setDragged] = useState<number | null>(null);
  const width = dragged ?? (saved >= MIN ? Math.min(saved, max()) : DEFAULT);
  const drag = useRef<{ x: number; width: number } | null>(null);
  const commit = useCallback(
    (w: number) => {
      setDragged(null);
      store(String(Math.max(MIN, Math.min(max(), Math.round(w)))));
    },
    [store],
  );

  if (!open) {
    return (
      <div className="hidden shrink-0 border-l border-border bg-surface lg:flex lg:flex-col">
        <button
          type="button"
          onClick={() => onOpenChange(true)}
          data-testid="files-panel-open"
          aria-label="Show the files panel"
          title="Files and preview"
          className="m-1 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <FolderTree className="size-4" aria-hidden />
        </button>
      </div>
    );
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: event.clientX, width };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setDragged(Math.max(MIN, Math.min(max(), drag.current.width + drag.current.x - event.clientX)));
  };
  const onPointerUp = () => {
    if (drag.current) commit(width);
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "ArrowLeft") commit(width + 32);
    else if (event.key === "ArrowRight") commit(width - 32);
    else return;
    event.preventDefault();
  };

  return (
    <aside
      ref={panelRef}
      onKeyDown={onPanelKeyDown}
      aria-label="Files and preview"
      data-testid="files-panel"
      style={{ ["--panel-w" as string]: `${width}px` }}
      className={cn(
        "fixed inset-y-0 right-0 z-30 flex w-[min(100vw,36rem)] flex-col border-l border-border bg-surface shadow-xl",
        "lg:relative lg:z-auto lg:w-(--panel-w) lg:shrink-0 lg:shadow-none",
      )}
    >
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the files panel"
        aria-valuenow={width}
        aria-valuemin={MIN}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
        className="absolute inset-y-0 -left-1 z-10 hidden w-2 cursor-col-resize outline-none hover:bg-ring/30 focus-visible:bg-ring/50 lg:block"
      />
      {children}
    </aside>
  );
}
