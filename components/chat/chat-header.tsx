import { PanelRight } from "lucide-react";
import type { ReactNode } from "react";
import type { Chat } from "@/lib/api/schemas";
import { DeployButton } from "@/components/deployments/deploy-button";
import { MonoId } from "@/components/ui/mono-id";
import { Skeleton } from "@/components/ui/skeleton";
import { BranchedFrom } from "./branch-button";
import { ChatMenu } from "./chat-menu";
import { UNTITLED } from "./chat-row";
import { FavoriteButton } from "./favorite-button";
import { ChatTitle } from "./chat-title";
import { PrivacyBadge } from "./privacy-badge";
import { ShareControl } from "./share-dialog";
import { StreamingIndicator } from "./streaming-indicator";

/** The browser tab's title while the chat has none yet. */
export const UNTITLED_PAGE_TITLE = UNTITLED;

export function ChatHeader({
  chatId,
  chat,
  title,
  generating,
  onShowDetails,
  branchSource,
  usage,
}: {
  chatId: string;
  chat: Chat | undefined;
  title: string | null;
  generating: boolean;
  /** Opens the right panel's Details tab (none yet: the toggle is there, disabled). */
  onShowDetails?: () => void;
  /** Whether to read and show which chat this one was branched from (a v1 read; false until the first part). */
  branchSource: boolean;
  /** The chat's running usage total (ChatUsageTotal). */
  usage?: ReactNode;
}) {
  return (
    <header className="@container flex items-center gap-3 border-b border-border px-4 py-3">
      <div className="min-w-0 flex-1">
        {chat || title ? <ChatTitle chatId={chatId} chat={chat} title={title} /> : <Skeleton className="h-5 w-48" />}
        <div className="mt-0.5 flex items-center gap-2">
          {chatId ? <MonoId id={chatId} label="chat id" className="max-w-56" /> : <Skeleton className="h-5 w-40" />}
          {chat ? <PrivacyBadge privacy={chat.privacy} /> : null}
        </div>
        {branchSource ? <BranchedFrom chatId={chatId} /> : null}
      </div>
      {usage}
      {generating ? <StreamingIndicator /> : null}
      {chat ? <ShareControl chat={chat} /> : null}
      {chat ? <FavoriteButton chat={{ id: chatId, title: chat.title ?? null, privacy: chat.privacy }} /> : null}
      {chat ? <DeployButton chatId={chatId} variant="secondary" /> : null}
      {chat ? <ChatMenu chatId={chatId} generating={generating} /> : null}
      <button
        type="button"
        data-testid="details-toggle"
        onClick={onShowDetails}
        disabled={!onShowDetails}
        aria-label="Show chat details"
        title="Details: id, privacy, usage, metadata, host project"
        className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground disabled:pointer-events-none disabled:opacity-50"
      >
        <PanelRight className="size-4" aria-hidden />
      </button>
    </header>
  );
}
