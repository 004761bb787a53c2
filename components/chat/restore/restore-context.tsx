"use client";

import { createContext, useContext } from "react";
import type { RestoreTarget } from "./restore-targets";

interface RestoreContextValue {
  chatId: string;
  targets: Map<string, RestoreTarget>;
  /** The agent is working: nothing can be restored now. */
  generating: boolean;
}

const RestoreContext = createContext<RestoreContextValue | null>(null);

/** The chat page's restore targets, for the assistant messages of its timeline (virtualized, so not threaded as props). */
export const RestoreTargetsProvider = RestoreContext.Provider;

export function useRestoreTarget(messageId: string): (RestoreContextValue & { target: RestoreTarget }) | null {
  const value = useContext(RestoreContext);
  const target = value?.targets.get(messageId);
  return value && target ? { ...value, target } : null;
}

/** Whether the message is in a chat page's timeline (the provider is there): actions on its answers can run. */
export function useInTimeline(): boolean {
  return useContext(RestoreContext) !== null;
}
