"use client";

import { FileText, X } from "lucide-react";
import { formatBytes } from "@/components/files/download";
import { cn } from "@/components/ui/cn";
import type { PendingAttachment } from "./use-pending-attachments";

/** The composer's attachments before sending: thumbnail or file icon, name, size, remove; a refused one says why. */
export function PendingChips({
  items,
  onRemove,
}: {
  items: readonly PendingAttachment[];
  onRemove: (key: string) => void;
}) {
  if (!items.length) return null;
  return (
    <ul aria-label="Attachments to send" data-testid="pending-attachments" className="flex flex-wrap gap-1.5 px-1 pt-1">
      {items.map((item) => (
        <li
          key={item.key}
          className={cn(
            "flex max-w-64 items-center gap-2 rounded-lg border bg-background py-1 pr-1 pl-1 text-xs",
            item.problem ? "border-danger-border text-danger" : "border-border",
          )}
        >
          {item.preview ? (
            // eslint-disable-next-line @next/next/no-img-element -- a local object URL; next/image cannot load it
            <img src={item.preview} alt="" className="size-8 shrink-0 rounded object-cover" />
          ) : (
            <span className="flex size-8 shrink-0 items-center justify-center rounded bg-muted">
              <FileText className="size-4 text-muted-foreground" aria-hidden />
            </span>
          )}
          <span className="min-w-0">
            <span className="block truncate font-medium" title={item.name}>
              {item.name}
            </span>
            <span className={cn("block", item.problem ? "" : "text-muted-foreground")}>
              {item.problem ?? formatBytes(item.file.size)}
            </span>
          </span>
          <button
            type="button"
            onClick={() => onRemove(item.key)}
            aria-label={`Remove ${item.name}`}
            title={`Remove ${item.name}`}
            className="ml-auto inline-flex size-6 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
