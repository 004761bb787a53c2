import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** The explorer's left column: one button per tool, resource or prompt, the chosen one marked (aria-current). */
export function ExplorerList<T>({
  label,
  items,
  keyOf,
  selected,
  onSelect,
  render,
}: {
  label: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  selected: string | null;
  onSelect: (item: T) => void;
  render: (item: T) => ReactNode;
}) {
  return (
    <ul aria-label={label} className="space-y-1">
      {items.map((item) => {
        const key = keyOf(item);
        return (
          <li key={key}>
            <button
              type="button"
              aria-current={key === selected ? "true" : undefined}
              onClick={() => onSelect(item)}
              className={cn("w-full rounded-md px-2 py-1.5 text-left hover:bg-muted", key === selected && "bg-muted")}
            >
              {render(item)}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** A list item's description, at most two lines. */
export function ItemDescription({ text }: { text?: string }) {
  return text ? <span className="line-clamp-2 text-xs text-muted-foreground">{text}</span> : null;
}
