"use client";

import { Download, Paperclip } from "lucide-react";
import { useState } from "react";
import type { MessageAttachment } from "@/lib/api/schemas";
import { isInlineImage } from "@/lib/api/attachments/limits";
import { formatBytes } from "@/components/files/download";
import { AppDialog } from "@/components/ui/dialog";
import { httpUrlOrNull } from "@/components/ui/safe-url";

const IMAGE_NAME = /\.(png|jpe?g|gif|webp|avif|bmp)$/i;

/** An image the browser may show: an http(s) URL (the service's own, or a link given) of an image type or name. */
function imageUrl(a: MessageAttachment): string | null {
  const url = httpUrlOrNull(a.url);
  if (!url) return null;
  return isInlineImage(a.contentType) || (!a.contentType && IMAGE_NAME.test(a.name ?? url)) ? url : null;
}

/**
 * A user message's attachments (interface.md 2.7): images as thumbnails that open full size in a dialog, other files
 * as chips with name and size that open (or download) them. The URLs are the service's: its stored files need no key
 * (an unguessable id), so the browser loads them directly, never through the dashboard's proxy.
 */
export function MessageAttachments({ items }: { items: readonly MessageAttachment[] }) {
  const [open, setOpen] = useState<{ url: string; name: string } | null>(null);
  if (!items.length) return null;
  return (
    <>
      <ul
        aria-label="Attachments"
        data-testid="attachments"
        className="flex max-w-[85%] flex-wrap items-center justify-end gap-1.5"
      >
        {items.map((a, i) => {
          const name = a.name || a.url;
          const image = imageUrl(a);
          if (image) {
            return (
              <li key={i}>
                <button
                  type="button"
                  onClick={() => setOpen({ url: image, name })}
                  aria-label={`Open ${name} full size`}
                  title={name}
                  className="block overflow-hidden rounded-lg border border-border bg-muted transition-opacity hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {/* eslint-disable-next-line @next/next/no-img-element -- the service's URL, not a static asset */}
                  <img src={image} alt={name} loading="lazy" className="h-20 max-w-40 object-cover" />
                </button>
              </li>
            );
          }
          const href = httpUrlOrNull(a.url);
          return (
            <li
              key={i}
              className="flex max-w-64 items-center gap-1.5 rounded-md border border-border bg-background px-2 py-1 text-xs"
            >
              <Paperclip className="size-3 shrink-0 text-muted-foreground" aria-hidden />
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer" className="truncate underline" title={a.url}>
                  {name}
                </a>
              ) : (
                <span className="truncate" title={a.url}>
                  {name}
                </span>
              )}
              {a.size ? <span className="shrink-0 text-muted-foreground">{formatBytes(a.size)}</span> : null}
            </li>
          );
        })}
      </ul>
      <AppDialog
        open={open !== null}
        onOpenChange={(next) => !next && setOpen(null)}
        title={open?.name ?? ""}
        className="max-w-4xl"
        testId="attachment-dialog"
      >
        {open ? (
          <div className="space-y-3">
            {/* eslint-disable-next-line @next/next/no-img-element -- the service's URL, not a static asset */}
            <img
              src={open.url}
              alt={open.name}
              className="mx-auto max-h-[70dvh] max-w-full min-w-32 rounded-md border border-border object-contain"
            />
            <a
              href={open.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 text-sm underline"
            >
              <Download className="size-4" aria-hidden />
              Open the original
            </a>
          </div>
        ) : null}
      </AppDialog>
    </>
  );
}
