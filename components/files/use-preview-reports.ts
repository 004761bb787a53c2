"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { PreviewReport } from "@/lib/api/preview-report";
import { acceptPreviewMessage, keepReport, SANDBOXED_ORIGIN, type KeptReport } from "./preview-reports";

type Picked = Extract<PreviewReport, { kind: "picked" }>;

interface PreviewReports {
  /** Set on the preview's iframe: only its window's messages are taken. */
  frameRef: React.RefObject<HTMLIFrameElement | null>;
  list: readonly KeptReport[];
  /** Whether the page in the frame has reported at all (our reporter is in it). */
  heard: boolean;
  clear: () => void;
}

/**
 * The preview reporter's messages (`lib/embedded/preview/reporter-script.ts`), validated and capped (preview-reports.ts).
 * "Select element"'s answers (an element picked, or Esc in the frame) go to `onPick` instead of the list.
 */
export function usePreviewReports(
  onPick: (picked: Picked | null, frame: HTMLIFrameElement | null) => void,
): PreviewReports {
  const pickRef = useRef(onPick);
  useEffect(() => {
    pickRef.current = onPick;
  });
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const [list, setList] = useState<KeptReport[]>([]);
  const [heard, setHeard] = useState(false);
  const counter = useRef(0);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // The frame says which origin it framed (preview-url.ts framePreview): "null" for an opaque one.
      const report = acceptPreviewMessage(event, {
        window: frameRef.current?.contentWindow,
        origin: frameRef.current?.dataset.frameOrigin ?? SANDBOXED_ORIGIN,
      });
      if (!report) return;
      setHeard(true);
      if (report.kind === "picked" || report.kind === "pick-cancelled") {
        pickRef.current(report.kind === "picked" ? report : null, frameRef.current);
        return;
      }
      const n = counter.current++;
      setList((current) => keepReport(current, report, n));
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);
  const clear = useCallback(() => {
    setList([]);
    setHeard(false);
  }, []);
  return { frameRef, list, heard, clear };
}
