import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef, useState } from "react";
import type { TreeRow } from "@/lib/api/files";

export const ROW_HEIGHT = 28;

/**
 * The tree's focused row and its scrolling: only the visible rows are rendered (virtualized), the open file's row
 * becomes the focused one and is scrolled into view, and `move` focuses another row (clamped) and scrolls to it.
 */
export function useTreeCursor(rows: readonly TreeRow[], selected: string | null) {
  const [active, setActive] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  useEffect(() => {
    if (!selected) return;
    const index = rows.findIndex((r) => r.node.path === selected && r.node.kind === "file");
    if (index >= 0) {
      setActive(index);
      virtualizer.scrollToIndex(index, { align: "auto" });
    }
  }, [selected, rows, virtualizer]);

  const move = (index: number) => {
    const clamped = Math.max(0, Math.min(rows.length - 1, index));
    setActive(clamped);
    virtualizer.scrollToIndex(clamped, { align: "auto" });
  };

  return { active, setActive, scrollRef, virtualizer, move };
}
