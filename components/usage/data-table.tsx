import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
}

/** A plain table of rows (the Usage page's chart data and events). */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  className,
}: {
  caption: string;
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  className?: string;
}) {
  return (
    <table className={cn("w-full text-sm", className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-border text-left text-xs text-muted-foreground">
          {columns.map((c) => (
            <th key={c.header} scope="col" className={cn("px-2 py-1.5 font-medium", c.numeric && "text-right")}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-b border-border last:border-0">
            {columns.map((c) => (
              <td key={c.header} className={cn("px-2 py-1.5", c.numeric && "text-right tabular-nums")}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
