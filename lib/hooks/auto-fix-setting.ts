import { useCallback } from "react";
import { useLocalStorage } from "./use-local-storage";

const STORAGE_KEY = "atelier.autoFix";

/**
 * Auto-fix (Settings → Preferences, kept per browser, off by default): when an answer finishes and its preview
 * reports new problems within a few seconds, the dashboard sends one fix message by itself (components/files/use-auto-fix.ts).
 */
export function useAutoFixSetting(): [boolean, (on: boolean) => void] {
  const [stored, store] = useLocalStorage(STORAGE_KEY);
  const set = useCallback((on: boolean) => store(on ? "on" : null), [store]);
  return [stored === "on", set];
}
