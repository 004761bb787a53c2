"use client";

import { useNow } from "@/lib/hooks/use-now";
import { formatRelative, formatUtc } from "./format";

/** A relative time ("3 min ago") with the exact UTC time in its title; refreshes every 30 s. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const now = useNow();
  return (
    <time dateTime={iso} title={formatUtc(iso)} className={className} suppressHydrationWarning>
      {formatRelative(iso, now)}
    </time>
  );
}
