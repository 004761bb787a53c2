"use client";

import { useEffect, useRef, useSyncExternalStore } from "react";
import { useAutoFixSetting } from "@/lib/hooks/auto-fix-setting";
import { isProblem, type KeptReport } from "./preview-reports";

/** How long after an answer finished the preview's new problems start an automatic fix. */
const AUTO_FIX_WINDOW_MS = 5_000;
/** Automatic fixes in a row, without the person sending anything, before auto-fix stops. */
export const AUTO_FIX_MAX_IN_A_ROW = 2;

/** Per chat, for this page: automatic fixes sent since the person last sent a message, and whether it stopped. */
const streaks = new Map<string, { sent: number; stopped: boolean }>();
const listeners = new Set<() => void>();
const NONE = { sent: 0, stopped: false };

function update(chatId: string, next: { sent: number; stopped: boolean }) {
  streaks.set(chatId, next);
  for (const listener of listeners) listener();
}

/** The person sent a message (the composer, "Fix with agent"): the count of automatic fixes in a row starts again. */
export function noteTyped(chatId: string): void {
  if (streaks.has(chatId)) update(chatId, NONE);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Auto-fix: when `generating` turns false (an answer finished) and, within AUTO_FIX_WINDOW_MS (of the finish, or of
 * the next page loaded in the frame), the preview reports a problem it had not reported before, `sendFix` is called once with the new problems. After AUTO_FIX_MAX_IN_A_ROW
 * automatic fixes in a row it sends nothing more and returns `stopped` until the person sends a message.
 */
export function useAutoFix({
  chatId,
  generating,
  reports,
  page,
  sendFix,
}: {
  chatId: string;
  generating: boolean;
  reports: readonly KeptReport[];
  /** Changes when a page has loaded in the frame: the answer's preview may load after it finished. */
  page: string | null;
  sendFix: (problems: readonly KeptReport[]) => void;
}): { enabled: boolean; stopped: boolean } {
  const [enabled] = useAutoFixSetting();
  const streak = useSyncExternalStore(
    subscribe,
    () => streaks.get(chatId) ?? NONE,
    () => NONE,
  );
  // Reports numbered from `from` on are new since the answer finished, until `until`; null: not watching.
  const watch = useRef<{ from: number; until: number } | null>(null);
  const lastN = useRef(-1);
  const wasGenerating = useRef(generating);
  useEffect(() => {
    const finished = wasGenerating.current && !generating;
    wasGenerating.current = generating;
    if (finished && enabled) watch.current = { from: lastN.current + 1, until: Date.now() + AUTO_FIX_WINDOW_MS };
  }, [generating, enabled]);
  // The answer's new version loads after the answer finished (slowly on a busy machine): its page gets the whole window.
  useEffect(() => {
    if (watch.current) watch.current.until = Math.max(watch.current.until, Date.now() + AUTO_FIX_WINDOW_MS);
  }, [page]);
  useEffect(() => {
    const last = reports.at(-1);
    if (last) lastN.current = Math.max(lastN.current, last.n);
    const w = watch.current;
    if (!w || !enabled) return;
    if (Date.now() > w.until) {
      watch.current = null;
      return;
    }
    const fresh = reports.filter((r) => r.n >= w.from && isProblem(r));
    if (!fresh.length) return;
    watch.current = null;
    const current = streaks.get(chatId) ?? NONE;
    if (current.sent >= AUTO_FIX_MAX_IN_A_ROW) {
      update(chatId, { ...current, stopped: true });
      return;
    }
    update(chatId, { sent: current.sent + 1, stopped: false });
    sendFix(fresh);
  }, [reports, enabled, chatId, sendFix]);
  return { enabled, stopped: enabled && streak.stopped };
}
