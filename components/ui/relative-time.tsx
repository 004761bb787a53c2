"use client";

import { useEffect, useState } from "react";
import { formatRelative, formatUtc } from "./format";

/** A relative time ("3 min ago") with the exact UTC time in its title; refreshes every 30 s. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={iso} title={formatUtc(iso)} className={className} suppressHydrationWarning>
      {formatRelative(iso, now)}
    </time>
  );
}
