"use client";

import { Maximize2, Monitor, MousePointerClick, RotateCw, Smartphone, Tablet, type LucideIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { usePreview } from "@/lib/hooks/use-files";
import { useAppAction, useChatApp } from "@/lib/hooks/use-chat-app";
import { cn } from "@/components/ui/cn";
import { ErrorPanel } from "@/components/ui/error-panel";
import { OpenInNewTab } from "@/components/ui/open-in-new-tab";
import { Spinner } from "@/components/ui/spinner";
import { AppBar, AppStopped, stoppedByPerson } from "./preview-app";
import { PreviewProblems } from "./preview-problems";
import { usePreviewOriginPattern } from "./preview-origin-context";
import { framePreview, safePreviewUrl } from "./preview-url";
import { useBrowserValue } from "@/lib/hooks/use-browser-value";
import type { PreviewPickCommand } from "@/lib/api/preview-report";
import type { KeptReport } from "./preview-reports";

/** How long after its page loaded a frame that never reported is taken for a page without our reporter. */
const SILENT_MS = 1_500;

const DEVICES: readonly { id: string; label: string; width: number | null; icon: LucideIcon }[] = [
  { id: "fit", label: "Fit the panel", width: null, icon: Maximize2 },
  { id: "desktop", label: "Desktop (1280 px)", width: 1280, icon: Monitor },
  { id: "tablet", label: "Tablet (768 px)", width: 768, icon: Tablet },
  { id: "mobile", label: "Mobile (375 px)", width: 375, icon: Smartphone },
];

/**
 * The preview of the generated app: the service's preview URL in a sandboxed iframe (the embedded service's
 * preview origin through its handoff, keeping its own origin; an upstream's opaque: preview-url.ts), with reload, open in a new tab and device widths. Until the service has a preview
 * (no completed version yet) it says so and polls. "Select element" starts the reporter's pick mode in the frame (a
 * message to its window); the pick ends with a click in the frame, Esc (in the frame or here) or a new page.
 */
const readOrigin = () => window.location.origin;

export function PreviewPanel({
  chatId,
  generating,
  versionKey,
  frameRef,
  reports,
  heard,
  clearReports,
  chatFiles,
  onOpenFile,
  picking,
  onPickingChange,
  canWrite = true,
}: {
  chatId: string;
  generating: boolean;
  versionKey: string;
  /** The preview reporter's messages (use-preview-reports.ts, kept by the side panel, which badges the tab). */
  frameRef: React.RefObject<HTMLIFrameElement | null>;
  reports: readonly KeptReport[];
  heard: boolean;
  clearReports: () => void;
  chatFiles: readonly string[];
  onOpenFile: (path: string, line?: number) => void;
  /** "Select element" is on (the side panel ends it when the frame reports a pick or Esc). */
  picking: boolean;
  onPickingChange: (picking: boolean) => void;
  /** The caller may change the chat (Restart and Stop of its app). */
  canWrite?: boolean;
}) {
  const preview = usePreview(chatId);
  const [device, setDevice] = useState("fit");
  const [reloads, setReloads] = useState(0);
  const origin = useBrowserValue<string | null>(readOrigin, null);
  const previewOrigin = usePreviewOriginPattern();
  // The chat's app, when its files are one the service runs (docs/app-runtime.md): state, log, Restart and Stop.
  const app = useChatApp(chatId, Boolean(preview.data));
  const appAction = useAppAction(chatId);
  // A crash reloads the frame (its page is gone: the state page shows why), and so does the recovery.
  const crashed = app.data?.runnable && app.data.state === "crashed" ? ":crashed" : "";
  const frameKey = `${reloads}:${versionKey}:${preview.data?.url ?? ""}${crashed}`;
  // Which page loaded, and which page stayed silent: both belong to one frame key, so a new page starts afresh.
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [silentKey, setSilentKey] = useState<string | null>(null);
  const silent = silentKey === frameKey;
  // A reload (or a new version) starts a new page: its problems and console start empty.
  useEffect(() => {
    clearReports();
    onPickingChange(false);
  }, [frameKey, clearReports, onPickingChange]);
  // Tell the page in the frame to start or end its pick mode (it takes this from its parent window only).
  useEffect(() => {
    const command: PreviewPickCommand = { atelier: "preview-pick", pick: picking };
    // To the origin the frame was opened on; an opaque one ("null", an upstream's preview) cannot be named.
    const target = frameRef.current?.dataset.frameOrigin;
    frameRef.current?.contentWindow?.postMessage(command, target && target !== "null" ? target : "*");
  }, [picking, frameRef, loadedKey]);
  // Esc here (the focus outside the frame) ends the pick too, before the side panel would take it to close itself.
  useEffect(() => {
    if (!picking) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      onPickingChange(false);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [picking, onPickingChange]);
  useEffect(() => {
    if (loadedKey !== frameKey || heard) return;
    const timer = setTimeout(() => setSilentKey(frameKey), SILENT_MS);
    return () => clearTimeout(timer);
  }, [loadedKey, frameKey, heard]);
  const { refetch } = preview;
  const { refetch: refetchApp } = app;
  // A finished generation changes what the preview shows: ask again (and reload the frame with the new key).
  useEffect(() => {
    if (!generating) {
      void refetch();
      void refetchApp();
    }
  }, [generating, versionKey, refetch, refetchApp]);

  if (preview.error) {
    return (
      <div className="p-3">
        <ErrorPanel
          error={preview.error}
          title="The preview could not be loaded"
          onRetry={() => void preview.refetch()}
        />
      </div>
    );
  }
  if (preview.isPending || !origin) {
    return (
      <div className="flex items-center gap-2 p-4 text-sm text-muted-foreground" role="status">
        <Spinner /> Loading the preview…
      </div>
    );
  }
  if (!preview.data) {
    return (
      <div
        className="flex flex-col items-center gap-2 p-8 text-center text-sm"
        role="status"
        data-testid="preview-not-ready"
      >
        <Spinner />
        <p className="font-medium">Preview not ready yet</p>
        <p className="max-w-xs text-muted-foreground">
          It appears once the agent has finished a version of the app{generating ? " (it is working on one now)" : ""}.
          Checking every few seconds…
        </p>
      </div>
    );
  }
  const url = safePreviewUrl(preview.data.url, origin);
  if (!url) {
    return (
      <div className="p-3">
        <ErrorPanel
          error={new Error("The service returned a preview address that is not an http(s) URL, so it is not opened.")}
          title="Unsafe preview URL"
        />
      </div>
    );
  }
  const framed = framePreview(url, preview.data.token, previewOrigin);
  const runnable = app.data?.runnable ? app.data : undefined;
  const onAppAction = (action: "restart" | "stop") =>
    appAction.mutate(action, {
      // The frame shows the app's state page again, which turns into the app once it listens.
      onSuccess: () => {
        if (action === "restart") setReloads((n) => n + 1);
      },
    });
  const width = DEVICES.find((d) => d.id === device)?.width ?? null;
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="preview-panel">
      <div className="flex items-center gap-1 border-b border-border px-2 py-1.5">
        <div role="radiogroup" aria-label="Device width" className="flex items-center gap-0.5">
          {DEVICES.map((d) => (
            <button
              key={d.id}
              type="button"
              role="radio"
              aria-checked={device === d.id}
              aria-label={d.label}
              title={d.label}
              data-testid={`device-${d.id}`}
              onClick={() => setDevice(d.id)}
              className="inline-flex size-7 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground aria-checked:bg-muted aria-checked:text-foreground"
            >
              <d.icon className="size-3.5" aria-hidden />
            </button>
          ))}
        </div>
        <code className="mx-1 min-w-0 flex-1 truncate font-mono text-[11px] text-muted-foreground" title={url.href}>
          {url.host}
          {url.pathname}
        </code>
        <button
          type="button"
          aria-pressed={picking}
          disabled={!heard}
          onClick={() => onPickingChange(!picking)}
          title={
            heard
              ? picking
                ? "Click an element in the preview (Esc cancels)"
                : "Select an element in the preview to name it in your next prompt"
              : "Not available: the page does not report to the dashboard"
          }
          data-testid="preview-select-element"
          className="inline-flex h-7 items-center gap-1 rounded px-1.5 text-xs text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-50 aria-pressed:bg-primary aria-pressed:text-primary-foreground"
        >
          <MousePointerClick className="size-3.5" aria-hidden />
          Select element
        </button>
        <button
          type="button"
          onClick={() => setReloads((n) => n + 1)}
          aria-label="Reload the preview"
          title="Reload"
          data-testid="preview-reload"
          className="inline-flex size-7 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <RotateCw className="size-3.5" aria-hidden />
        </button>
        <OpenInNewTab
          href={framed.src}
          label="Open the preview in a new tab"
          title="Open in a new tab"
          testId="preview-open"
        />
      </div>
      {runnable ? (
        <AppBar
          app={runnable}
          canWrite={canWrite}
          pending={appAction.isPending ? appAction.variables : null}
          error={appAction.error}
          onAction={onAppAction}
        />
      ) : null}
      <div className="min-h-0 flex-1 overflow-auto bg-muted/40">
        {stoppedByPerson(runnable) ? (
          <AppStopped canWrite={canWrite} pending={appAction.isPending} onStart={() => onAppAction("restart")} />
        ) : (
          <iframe
            key={frameKey}
            ref={frameRef}
            onLoad={() => setLoadedKey(frameKey)}
            src={framed.src}
            data-frame-origin={framed.origin}
            data-preview-url={url.href}
            title="Preview of the generated app"
            sandbox={framed.sandbox}
            referrerPolicy="no-referrer"
            data-testid="preview-frame"
            className={cn("mx-auto block h-full min-h-[480px] border-0 bg-white", width === null && "w-full")}
            style={width === null ? undefined : { width }}
          />
        )}
      </div>
      <PreviewProblems
        chatId={chatId}
        generating={generating}
        reports={reports}
        previewUrl={url.href}
        chatFiles={chatFiles}
        onOpenFile={onOpenFile}
        available={heard || !silent}
        page={loadedKey}
        app={runnable}
        appError={app.error}
        onRetryApp={() => void app.refetch()}
      />
    </div>
  );
}
