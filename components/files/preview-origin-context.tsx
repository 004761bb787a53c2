"use client";

import { createContext, useContext, type ReactNode } from "react";

const PreviewOriginContext = createContext<string | null>(null);

/**
 * The embedded service's preview origin (PREVIEW_ORIGIN, a `*` host allowed), given by the server when this process
 * serves the embedded service; null otherwise (an upstream service's previews are framed as they come).
 */
export function PreviewOriginProvider({ origin, children }: { origin: string | null; children: ReactNode }) {
  return <PreviewOriginContext.Provider value={origin}>{children}</PreviewOriginContext.Provider>;
}

export const usePreviewOriginPattern = () => useContext(PreviewOriginContext);
