import { useEffect, useState } from "react";

const TICK_MS = 30_000;

/**
 * The current time for relative displays ("3 min ago"): read again just after mount (a page hydrated from older server
 * HTML then shows the browser's time) and every 30 s. Plain state set from timer callbacks: no store whose updates
 * would be synchronous and interrupt a navigation's render while an answer streams.
 */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const refresh = () => setNow(Date.now());
    const first = setTimeout(refresh, 0);
    const timer = setInterval(refresh, TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  return now;
}
