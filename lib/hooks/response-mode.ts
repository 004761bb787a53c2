import { useCallback } from "react";
import type { ResponseMode } from "@/lib/api/routes";
import { readLocalStorage, useLocalStorage } from "./use-local-storage";

/** How the dashboard asks the service for an answer (docs/wire-decisions.md 1): the user's choice, kept per browser. */
export type { ResponseMode };

export const RESPONSE_MODES: readonly { mode: ResponseMode; label: string; hint: string }[] = [
  { mode: "stream", label: "Stream", hint: "Parts appear as the agent works (Server-Sent Events)" },
  {
    mode: "async",
    label: "Async",
    hint: "The service answers at once; the dashboard polls the message until it finishes",
  },
  { mode: "sync", label: "Sync", hint: "One request that returns when the answer is finished" },
];

const STORAGE_KEY = "atelier.responseMode";

function isResponseMode(value: unknown): value is ResponseMode {
  return value === "stream" || value === "async" || value === "sync";
}

/** The last mode the user chose in this browser (stream by default). */
export function loadResponseMode(): ResponseMode {
  const stored = readLocalStorage(STORAGE_KEY);
  return isResponseMode(stored) ? stored : "stream";
}

/** The mode as state: stream while the page hydrates, then the browser's choice; the setter remembers it. */
export function useStoredResponseMode(): [ResponseMode, (mode: ResponseMode) => void] {
  const [stored, store] = useLocalStorage(STORAGE_KEY);
  const choose = useCallback((mode: ResponseMode) => store(mode), [store]);
  return [isResponseMode(stored) ? stored : "stream", choose];
}
