"use client";

import * as Tabs from "@radix-ui/react-tabs";
import { tabTriggerClass as tabClass } from "@/components/ui/tab-trigger";
import { FolderTree, PanelRightClose } from "lucide-react";
import { useSearchParams } from "next/navigation";
import {
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from "react";
import { toast } from "sonner";
import { lockStateOf, normalizePath } from "@/lib/api/files";
import type { Message } from "@/lib/api/schemas";
import { useChat } from "@/lib/hooks/use-chat";
import {
  useChatFiles,
  useLatestVersion,
  useLockToggle,
  useRefreshFilesAfterGeneration,
  useVersion,
} from "@/lib/hooks/use-files";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { changedFilesOf } from "../files/changed-files";
import { DownloadAllButton } from "../files/download-all-button";
import { FileTree } from "../files/file-tree";
import { useFileActions } from "../files/file-actions";
import { useFileEditing } from "../files/file-editing";
import { useCanWrite } from "@/lib/hooks/person";
import { UnsavedMarker } from "../files/unsaved-marker";
import { useHandEditSupport } from "@/lib/hooks/use-hand-edit-support";
import { FileViewer, type PreviousContent } from "../files/file-viewer";
import { ChatDetails } from "@/components/chat/chat-details";
import { GitSection } from "@/components/chat/git-section";
import { DeleteChatSection } from "@/components/chat/delete-chat-section";
import { DuplicateChatSection } from "@/components/chat/duplicate-chat-section";
import { DeploymentsSection } from "@/components/deployments/deployments-section";
import { ExportChatSection } from "@/components/chat/export-chat-section";
import { HostProjectPanel } from "../files/host-project-panel";
import { useHydrated } from "@/lib/hooks/use-hydrated";
import { PanelLayout } from "../files/panel-layout";
import { PreviewPanel } from "../files/preview-panel";
import { useBrowserValue } from "@/lib/hooks/use-browser-value";
import { isProblem } from "../files/preview-reports";
import { usePreviewReports } from "../files/use-preview-reports";
import { pickedElementOf } from "../files/picked-element";
import { usePickedElement } from "../files/use-picked-element";

type Tab = "files" | "preview" | "details";
const TABS: readonly Tab[] = ["files", "preview", "details"];
/** Older deep links: `?tab=project` opened the host project, which now lives in Details. */
const TAB_ALIASES: Record<string, Tab> = { project: "details" };

/**
 * Opens the chat page's right panel on a tab from elsewhere on the page (the header's "Details" button):
 * through the address bar, which the panel follows, so the deep link stays true.
 */
export function openSidePanelTab(tab: Tab): void {
  const url = new URL(window.location.href);
  url.searchParams.delete("file");
  url.searchParams.set("tab", tab);
  window.history.replaceState(null, "", url);
  window.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: tab }));
}
const OPEN_EVENT = "atelier:side-panel";

/**
 * The chat page's right panel: Files (tree with lock toggles + viewer), Preview, Details (id, privacy, usage totals,
 * metadata, host project). Deep links: `?file=<path>` opens a file (links from file-read / file-edit parts;
 * `&line=<n>` scrolls to that line and marks it: file:line in the preview's Problems),
 * `?tab=preview|details`. Esc inside the panel closes it and gives the focus back to what opened it.
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

/** Wide enough for the panel beside the chat (no matchMedia, as in component tests: yes). */
const readWide = () => typeof window.matchMedia !== "function" || window.matchMedia("(min-width: 1024px)").matches;

function FilesPanelInner({ chatId, messages, generating }: ChatSidePanelProps) {
  // Null outside Next's app router (component tests): no deep link then.
  const searchParams = useSearchParams() as URLSearchParams | null;
  const urlFile = searchParams?.get("file") ?? null;
  const urlTab = searchParams?.get("tab") ?? null;
  // `view=changes`: open the file on its diff (links from the timeline's hand edit rows).
  const urlView = searchParams?.get("view") ?? null;
  const urlLine = Number(searchParams?.get("line")) || null;
  // The panel's own state, following the URL when it changes (links from parts, back/forward).
  const [fileParam, setFileParam] = useState(urlFile);
  const [tabParam, setTabParam] = useState(urlTab);
  const [urlSeen, setUrlSeen] = useState({ urlFile, urlTab });
  if (urlSeen.urlFile !== urlFile || urlSeen.urlTab !== urlTab) {
    setUrlSeen({ urlFile, urlTab });
    setFileParam(urlFile);
    setTabParam(urlTab);
  }
  const selected = fileParam ? normalizePath(fileParam) : null;
  const wantedTab = tabParam ? (TAB_ALIASES[tabParam] ?? tabParam) : null;
  const tab: Tab = fileParam ? "files" : TABS.includes(wantedTab as Tab) ? (wantedTab as Tab) : "files";
  // Null until something opens or closes it: then it is open on wide screens and closed on narrow ones (an overlay
  // there), unless a link asks for a file or tab; open while the page hydrates.
  const [chosenOpen, setOpen] = useState<boolean | null>(fileParam || tabParam ? true : null);
  const wide = useBrowserValue(readWide, true);
  const open = chosenOpen ?? wide;
  // A file or tab asked for (a link, back/forward) opens it: state adjusted while rendering, not in an effect.
  const [paramsSeen, setParamsSeen] = useState({ fileParam, tabParam });
  if (paramsSeen.fileParam !== fileParam || paramsSeen.tabParam !== tabParam) {
    setParamsSeen({ fileParam, tabParam });
    if (fileParam || tabParam) setOpen(true);
  }
  const panelRef = useRef<HTMLElement>(null);
  // Where the focus goes back to when Esc closes the panel (the control that opened it, else the rail's button).
  const opener = useRef<HTMLElement | null>(null);

  // "Details" in the header (openSidePanelTab): open on that tab and move the focus into it.
  useEffect(() => {
    const onOpen = (event: Event) => {
      const wanted = (event as CustomEvent<Tab>).detail;
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setFileParam(null);
      setTabParam(wanted);
      setOpen(true);
      requestAnimationFrame(() =>
        panelRef.current?.querySelector<HTMLElement>(`[data-testid="${wanted}-tab"]`)?.focus(),
      );
    };
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_EVENT, onOpen);
  }, []);
  // Whether the editor may be left (set below, once the editing state exists).
  const mayLeaveRef = useRef<() => boolean>(() => true);
  const onPanelKeyDown = useCallback((event: ReactKeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    if (
      document.querySelector(
        '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], [role="menu"][data-state="open"]',
      )
    )
      return;
    event.preventDefault();
    if (!mayLeaveRef.current()) return;
    const back = opener.current;
    opener.current = null;
    setOpen(false);
    requestAnimationFrame(() =>
      (back && back.isConnected
        ? back
        : document.querySelector<HTMLElement>('[data-testid="files-panel-open"]')
      )?.focus(),
    );
  }, []);

  const setParams = useCallback((change: Record<string, string | null>) => {
    if ("file" in change) setFileParam(change.file ?? null);
    if ("tab" in change) setTabParam(change.tab ?? null);
    // The History API (state null, so Next's router syncs useSearchParams) keeps the deep link in the address bar.
    const url = new URL(window.location.href);
    for (const [k, v] of Object.entries(change)) {
      if (v === null) url.searchParams.delete(k);
      else url.searchParams.set(k, v);
    }
    window.history.replaceState(null, "", url);
  }, []);

  const chat = useChat(chatId);
  const files = useChatFiles(chatId);
  const chatPaths = useMemo(() => (files.data?.files ?? []).map((f) => f.path), [files.data]);
  // "Select element" in the preview: the picked element goes to the composer (use-picked-element.ts).
  const [picking, setPicking] = useState(false);
  const [, setPicked] = usePickedElement(chatId);
  const {
    frameRef,
    list: reports,
    heard,
    clear: clearReports,
  } = usePreviewReports((report, frame) => {
    setPicking(false);
    // The preview's own address (the frame's src may be its origin's handoff, which then leads to it).
    if (report && frame) setPicked(pickedElementOf(report, frame.dataset.previewUrl ?? frame.src, chatPaths));
  });
  const problemCount = useMemo(() => reports.filter(isProblem).length, [reports]);
  const openFile = useCallback(
    (path: string, line?: number) => setParams({ file: path, tab: null, line: line ? String(line) : null }),
    [setParams],
  );
  const latest = useLatestVersion(chatId);
  const { toggle, pending } = useLockToggle(chatId);
  useRefreshFilesAfterGeneration(chatId, generating);

  const versionFiles = useMemo(() => latest.data?.version.files ?? [], [latest.data]);
  const locks = useMemo(() => new Map(versionFiles.map((f) => [normalizePath(f.name), f.locked])), [versionFiles]);
  const treeInputs = useMemo(
    () => (files.data?.files ?? []).map((f) => ({ path: f.path, locked: locks.get(normalizePath(f.path)) ?? false })),
    [files.data, locks],
  );
  const changed = useMemo(() => changedFilesOf(messages), [messages]);
  const lockDisabledReason = generating
    ? "The agent is generating: locks can be changed once it has finished."
    : chat.data && !chat.data.writePermission
      ? "You cannot write to this chat."
      : null;
  // A viewer neither locks nor edits: no toggles, no editor, no tree actions, no changing sections.
  const canWrite = useCanWrite();
  const locksKnown = !!latest.data && canWrite;

  const file = selected ? files.data?.files.find((f) => normalizePath(f.path) === selected) : undefined;
  const change = file ? changed.get(normalizePath(file.path)) : undefined;
  const previousId = latest.data?.previousId ?? null;
  const previousVersion = useVersion(chatId, previousId, !!change && change !== "created");
  const previous: PreviousContent | null = !change
    ? null
    : change === "created"
      ? { status: "ok", content: null }
      : !previousId
        ? { status: "unavailable", reason: "There is no previous version to compare with." }
        : previousVersion.isPending
          ? { status: "loading" }
          : previousVersion.error || !previousVersion.data
            ? { status: "unavailable", reason: "The previous version could not be loaded." }
            : {
                status: "ok",
                content: previousVersion.data.files.find((f) => normalizePath(f.name) === selected)?.content ?? null,
              };

  const onToggleLock = useCallback(
    (target: string, locked: boolean) => {
      void toggle(target, locked).then((ok) => {
        if (ok) toast.success(`${locked ? "Locked" : "Unlocked"} ${target || "all files"}`, { duration: 2000 });
      });
    },
    [toggle],
  );

  const support = useHandEditSupport(chatId);
  const editBlocked =
    support.unsupported ??
    (generating
      ? "the agent is generating; you can edit once it has finished."
      : chat.data && !chat.data.writePermission
        ? "you cannot write to this chat."
        : null);
  const edit = useFileEditing({
    chatId,
    file,
    refetchFiles: async () => (await files.refetch()).data?.files,
    blockedReason: editBlocked,
    learn: support.learn,
  });
  const fileActions = useFileActions({
    chatId,
    files: files.data?.files ?? [],
    disabledReason: editBlocked,
    learn: support.learn,
    onDone: (path, removed) => {
      if (path) setParams({ file: path, tab: null, view: null });
      else if (selected && removed.includes(selected)) setParams({ file: null, view: null });
    },
  });
  // Renaming or deleting the file being edited with unsaved changes asks first, as leaving it does.
  const editingPath = edit.editingPath ? normalizePath(edit.editingPath) : null;
  const touchesDraft = (path: string) => !!editingPath && (editingPath === path || editingPath.startsWith(`${path}/`));
  const treeActions = {
    ...fileActions.actions,
    onRename: (path: string, kind: "file" | "folder") => {
      if (!touchesDraft(path) || edit.mayLeave()) fileActions.actions.onRename(path, kind);
    },
    onDelete: (path: string, kind: "file" | "folder") => {
      if (!touchesDraft(path) || edit.mayLeave()) fileActions.actions.onDelete(path, kind);
    },
  };
  // Closing the panel or moving to another of its tabs leaves the editor: ask first when there are unsaved changes.
  useEffect(() => {
    mayLeaveRef.current = edit.mayLeave;
  }, [edit.mayLeave]);
  const close = () => {
    if (edit.mayLeave()) setOpen(false);
  };

  const fileLockState =
    file && locksKnown && locks.has(normalizePath(file.path)) ? lockStateOf(versionFiles, file.path) : null;

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
        <div className="flex items-center border-b border-border pr-1">
          <Tabs.List aria-label="Files, preview and details" className="flex flex-1">
            <Tabs.Trigger value="files" data-testid="files-tab" className={tabClass}>
              Files
              {edit.dirty ? <UnsavedMarker className="ml-1" testId="files-tab-unsaved" /> : null}
              {files.data ? (
                <span className="ml-1.5 text-xs text-muted-foreground tabular-nums">{files.data.files.length}</span>
              ) : null}
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
          {tab === "files" && files.data?.files.length ? (
            <DownloadAllButton chatId={chatId} title={chat.data?.title} files={files.data.files} />
          ) : null}
          <button
            type="button"
            onClick={close}
            data-testid="files-panel-close"
            aria-label="Hide the files panel"
            title="Hide"
            className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <PanelRightClose className="size-4" aria-hidden />
          </button>
        </div>

        <Tabs.Content value="files" className="flex min-h-0 min-w-0 flex-1 flex-col overflow-hidden outline-none">
          {files.error ? (
            <div className="p-3">
              <ErrorPanel
                error={files.error}
                title="The files could not be loaded"
                onRetry={() => void files.refetch()}
              />
            </div>
          ) : files.isPending ? (
            <div className="space-y-2 p-3" aria-busy="true" aria-label="Loading files">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton
                  key={i}
                  className={["h-5 w-4/5", "h-5 w-3/4", "h-5 w-2/3", "h-5 w-3/5", "h-5 w-1/2", "h-5 w-2/5"][i]}
                />
              ))}
            </div>
          ) : files.data.files.length === 0 ? (
            <div className="p-4">
              <EmptyState icon={FolderTree} title={generating ? "The agent is writing files…" : "No files yet"}>
                The agent writes the app&apos;s files when it answers a prompt; they appear here.
              </EmptyState>
            </div>
          ) : (
            <div
              className={
                file || selected
                  ? "grid min-h-0 min-w-0 flex-1 grid-cols-[minmax(0,1fr)] grid-rows-[minmax(9rem,38%)_minmax(0,1fr)]"
                  : "flex min-h-0 min-w-0 flex-1 flex-col"
              }
            >
              <div className="flex min-h-0 flex-col border-b border-border">
                {latest.error ? (
                  <p className="border-b border-border bg-danger-muted px-3 py-1 text-xs text-danger" role="alert">
                    Locks unavailable: the chat&apos;s version could not be loaded.
                  </p>
                ) : null}
                <FileTree
                  files={treeInputs}
                  selected={selected}
                  onSelect={(path) => {
                    if (edit.mayLeave()) setParams({ file: path, tab: null, view: null, line: null });
                  }}
                  changed={changed}
                  lockDisabledReason={lockDisabledReason}
                  locksKnown={locksKnown}
                  pendingLocks={pending}
                  onToggleLock={onToggleLock}
                  unsavedPath={edit.dirty ? editingPath : null}
                  actions={canWrite ? treeActions : null}
                />
              </div>
              {file ? (
                <FileViewer
                  // A link to the diff (`view=changes`) opens the file anew on its diff, even when it is open.
                  key={`${file.path}|${urlView ?? ""}|${urlLine ?? ""}`}
                  file={file}
                  lockState={fileLockState}
                  onToggleLock={(locked) => onToggleLock(file.path, locked)}
                  lockDisabledReason={lockDisabledReason}
                  lockBusy={pending.has(file.path)}
                  change={change}
                  previous={previous}
                  editing={canWrite ? edit.editing : null}
                  initialMode={urlView === "changes" ? "changes" : "file"}
                  line={urlLine}
                />
              ) : selected ? (
                <p className="p-4 text-sm text-muted-foreground" role="status" data-testid="file-missing">
                  <code className="font-mono text-xs">{selected}</code> is not among this chat&apos;s files: it may have
                  been deleted or renamed.
                </p>
              ) : null}
            </div>
          )}
        </Tabs.Content>
        {edit.dialog}
        {fileActions.dialog}
        <Tabs.Content value="preview" className="flex min-h-0 flex-1 flex-col outline-none">
          {tab === "preview" ? (
            <PreviewPanel
              chatId={chatId}
              generating={generating}
              versionKey={latest.data?.version.id ?? ""}
              frameRef={frameRef}
              reports={reports}
              heard={heard}
              clearReports={clearReports}
              chatFiles={chatPaths}
              onOpenFile={openFile}
              picking={picking}
              onPickingChange={setPicking}
            />
          ) : null}
        </Tabs.Content>
        <Tabs.Content value="details" className="min-h-0 flex-1 overflow-y-auto outline-none">
          <ChatDetails chat={chat.data} messages={messages} />
          {canWrite ? (
            <>
              <HostProjectPanel chatId={chatId} />
              <DeploymentsSection chatId={chatId} />
              <GitSection chat={chat.data} generating={generating} />
              <DuplicateChatSection chat={chat.data} generating={generating} />
            </>
          ) : null}
          <ExportChatSection chat={chat.data} generating={generating} />
          {canWrite ? <DeleteChatSection chat={chat.data} generating={generating} /> : null}
        </Tabs.Content>
      </Tabs.Root>
    </PanelLayout>
  );
}
