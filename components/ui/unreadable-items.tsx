import { FileQuestion } from "lucide-react";
import type { UnreadableItem } from "@/lib/api/lenient";

/**
 * Items of a list answer that could not be read (the service sent something this dashboard does not understand):
 * one row saying how many and which, so the rest of the list still shows.
 */
export function UnreadableItems({ items, what }: { items: readonly UnreadableItem[]; what: string }) {
  if (!items.length) return null;
  const ids = items.map((i) => i.id).filter(Boolean);
  return (
    <details
      data-testid="unreadable-items"
      data-count={items.length}
      className="rounded-md border border-dashed border-border px-3 py-2 text-sm text-muted-foreground"
    >
      <summary className="flex cursor-pointer items-center gap-2">
        <FileQuestion className="size-4" aria-hidden />
        {items.length === 1 ? `1 ${what} could not be read` : `${items.length} ${what}s could not be read`}
        {ids.length ? <span className="truncate font-mono text-xs">({ids.join(", ")})</span> : null}
      </summary>
      <ul className="mt-2 space-y-1 text-xs">
        {items.map((item) => (
          <li key={item.index}>
            #{item.index + 1}
            {item.id ? <code className="ml-1 font-mono">{item.id}</code> : null}: {item.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}
