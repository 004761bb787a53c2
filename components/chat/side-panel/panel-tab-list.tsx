"use client";

import * as Tabs from "@radix-ui/react-tabs";
import { PanelRightClose } from "lucide-react";
import { tabTriggerClass as tabClass } from "@/components/ui/tab-trigger";
import type { ChatFile } from "@/lib/api/schemas";
import { DownloadAllButton } from "../../files/download-all-button";
import { UnsavedMarker } from "../../files/unsaved-marker";

/**
 * The panel's header: the tabs (Files with its count and the unsaved-edits dot, Preview with its problem count,
 * Details), "Download all" on the Files tab, and the button that hides the panel.
 */
export function PanelTabList({
  chatId,
  title,
  files,
  onFilesTab,
  unsaved,
  problemCount,
  onClose,
}: {
  chatId: string;
  title: string | null | undefined;
  /** Undefined while loading. */
  files: readonly ChatFile[] | undefined;
  onFilesTab: boolean;
  unsaved: boolean;
  problemCount: number;
  onClose: () => void;
}) {
  return (
    <div className="flex items-center border-b border-border pr-1">
      <Tabs.List aria-label="Files, preview and details" className="flex flex-1">
        <Tabs.Trigger value="files" data-testid="files-tab" className={tabClass}>
          Files
          {unsaved ? <UnsavedMarker className="ml-1" testId="files-tab-unsaved" /> : null}
          {files ? <span className="ml-1.5 text-xs text-muted-foreground tabular-nums">{files.length}</span> : null}
        </Tabs.Trigger>
        <Tabs.Trigger value="preview" data-testid="preview-tab" className={tabClass}>
          Preview
          {problemCount ? (
            <span
              className="ml-1.5 rounded-full bg-danger-solid px-1.5 text-xs text-white tabular-nums"
              data-testid="preview-problem-count"
              aria-label={`${problemCount} ${problemCount === 1 ? "problem" : "problems"}`}
            >
              {problemCount}
            </span>
          ) : null}
        </Tabs.Trigger>
        <Tabs.Trigger value="details" data-testid="details-tab" className={tabClass}>
          Details
        </Tabs.Trigger>
      </Tabs.List>
      {onFilesTab && files?.length ? <DownloadAllButton chatId={chatId} title={title} files={files} /> : null}
      <button
        type="button"
        onClick={onClose}
        data-testid="files-panel-close"
        aria-label="Hide the files panel"
        title="Hide"
        className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <PanelRightClose className="size-4" aria-hidden />
      </button>
    </div>
  );
}
