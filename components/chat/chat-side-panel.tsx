"use client";

import * as Tabs from "@radix-ui/react-tabs";
import { Suspense, useCallback, useEffect, useMemo } from "react";
import type { Message } from "@/lib/api/schemas";
import { useChat } from "@/lib/hooks/use-chat";
import { useHydrated } from "@/lib/hooks/use-hydrated";
import { PanelLayout } from "../files/panel-layout";
import { PreviewPanel } from "../files/preview-panel";
import { DetailsTab } from "./side-panel/details-tab";
import { FilesTab } from "./side-panel/files-tab";
import { PanelTabList } from "./side-panel/panel-tab-list";
import { useFilesTab } from "./side-panel/use-files-tab";
import { usePanelUrlState } from "./side-panel/use-panel-url-state";
import { usePreviewTab } from "./side-panel/use-preview-tab";

/**
 * The chat page's right panel: Files (tree with lock toggles + viewer), Preview, Details (id, privacy, usage totals,
 * metadata, host project). Deep links: `?file=<path>` opens a file (links from file-read / file-edit parts;
 * `&line=<n>` scrolls to that line and marks it: file:line in the preview's Problems),
 * `?tab=preview|details`. Esc inside the panel closes it and gives the focus back to what opened it.
 * Its parts live in `side-panel/`: the address's state, each tab's state and content, the tab list.
 */
export function ChatSidePanel(props: ChatSidePanelProps) {
  // Rendered in the browser only (its queries' data may arrive before its boundary hydrates: see useHydrated).
  const hydrated = useHydrated();
  if (!hydrated) return null;
  // useSearchParams needs a Suspense boundary when a page is prerendered.
  return (
    <Suspense fallback={null}>
      <FilesPanelInner {...props} />
    </Suspense>
  );
}

interface ChatSidePanelProps {
  chatId: string;
  /** The chat's messages, oldest first (the latest assistant message's file edits are marked). */
  messages: readonly Message[];
  generating: boolean;
}

function FilesPanelInner({ chatId, messages, generating }: ChatSidePanelProps) {
  const {
    fileParam,
    selected,
    tab,
    urlView,
    urlLine,
    open,
    setOpen,
    panelRef,
    onPanelKeyDown,
    mayLeaveRef,
    setParams,
  } = usePanelUrlState();
  const chat = useChat(chatId);
  const filesTab = useFilesTab({ chatId, chat: chat.data, messages, generating, selected, setParams });
  const { files, edit, fileActions } = filesTab;
  const chatPaths = useMemo(() => (files.data?.files ?? []).map((f) => f.path), [files.data]);
  const preview = usePreviewTab(chatId, chatPaths);
  const openFile = useCallback(
    (path: string, line?: number) => setParams({ file: path, tab: null, line: line ? String(line) : null }),
    [setParams],
  );
  // Closing the panel or moving to another of its tabs leaves the editor: ask first when there are unsaved changes.
  useEffect(() => {
    mayLeaveRef.current = edit.mayLeave;
  }, [edit.mayLeave, mayLeaveRef]);
  const close = () => {
    if (edit.mayLeave()) setOpen(false);
  };

  return (
    <PanelLayout
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      panelRef={panelRef}
      onKeyDown={onPanelKeyDown}
    >
      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          if (value !== "files" && !edit.mayLeave()) return;
          setParams({ tab: value === "files" ? null : value, file: value === "files" ? fileParam : null });
        }}
        className="flex min-h-0 flex-1 flex-col"
      >
        <PanelTabList
          chatId={chatId}
          title={chat.data?.title}
          files={files.data?.files}
          onFilesTab={tab === "files"}
          unsaved={edit.dirty}
          problemCount={preview.problemCount}
          onClose={close}
        />
        <Tabs.Content value="files" className="flex min-h-0 min-w-0 flex-1 flex-col overflow-hidden outline-none">
          <FilesTab
            state={filesTab}
            selected={selected}
            generating={generating}
            urlView={urlView}
            urlLine={urlLine}
            onSelect={(path) => {
              if (edit.mayLeave()) setParams({ file: path, tab: null, view: null, line: null });
            }}
          />
        </Tabs.Content>
        {edit.dialog}
        {fileActions.dialog}
        <Tabs.Content value="preview" className="flex min-h-0 flex-1 flex-col outline-none">
          {tab === "preview" ? (
            <PreviewPanel
              chatId={chatId}
              generating={generating}
              versionKey={filesTab.latest.data?.version.id ?? ""}
              frameRef={preview.reports.frameRef}
              reports={preview.reports.list}
              heard={preview.reports.heard}
              clearReports={preview.reports.clear}
              chatFiles={chatPaths}
              onOpenFile={openFile}
              picking={preview.picking}
              onPickingChange={preview.setPicking}
              canWrite={chat.data?.writePermission !== false}
            />
          ) : null}
        </Tabs.Content>
        <Tabs.Content value="details" className="min-h-0 flex-1 overflow-y-auto outline-none">
          <DetailsTab chatId={chatId} chat={chat.data} messages={messages} generating={generating} />
        </Tabs.Content>
      </Tabs.Root>
    </PanelLayout>
  );
}
