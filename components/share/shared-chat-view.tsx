"use client";

import { Bot, FileText, User } from "lucide-react";
import { useEffect, useState } from "react";
import { isGenerating } from "@/lib/api/message-state";
import { SharedChat, type SharedMessage as SharedMessageData } from "@/lib/api/schemas";
import { previewHandoffUrl } from "@/lib/api/preview-origin";
import { PartItem } from "@/components/chat/parts/part-view";
import { Markdown } from "@/components/chat/parts/markdown";
import { PrivacyBadge } from "@/components/chat/privacy-badge";
import { RelativeTime } from "@/components/ui/relative-time";

/** How often the page asks again: often while an answer is being written, seldom otherwise. */
const LIVE_MS = 1_500;
const IDLE_MS = 5_000;

const generating = (messages: readonly SharedMessageData[]) => messages.some(isGenerating);

/**
 * A shared chat, read-only and live (issue 40): title, author, every message with its parts, the files and the
 * preview. No composer, approvals, edits or key; its updates come from `/api/share/{token}` (scoped to the token,
 * never the service proxy). A link that stops opening (rotated, expired, made private) shows so at once.
 */
export function SharedChatView({ token, initial }: { token: string; initial: SharedChat }) {
  const [shared, setShared] = useState(initial);
  const [gone, setGone] = useState(false);

  useEffect(() => {
    if (gone) return;
    let stopped = false;
    const timer = setTimeout(
      async () => {
        try {
          const res = await fetch(`/api/share/${encodeURIComponent(token)}`, { cache: "no-store" });
          if (stopped) return;
          if (res.status === 404) setGone(true);
          else if (res.ok) {
            const parsed = SharedChat.safeParse(await res.json());
            if (parsed.success && !stopped) setShared(parsed.data);
          }
        } catch {
          // Offline for a moment: the next round asks again.
        }
      },
      generating(shared.messages) ? LIVE_MS : IDLE_MS,
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [token, shared, gone]);

  if (gone) return <ShareGone />;
  const { chat, messages, files, preview } = shared;
  return (
    <main className="mx-auto flex min-h-dvh max-w-5xl flex-col gap-4 px-4 py-6" data-testid="shared-chat">
      <header className="flex flex-wrap items-center gap-2 border-b border-border pb-3">
        <h1 className="min-w-0 flex-1 truncate text-lg font-semibold" data-testid="shared-chat-title">
          {chat.title || "Untitled chat"}
        </h1>
        <PrivacyBadge privacy={chat.privacy} />
        <p className="w-full text-xs text-muted-foreground">
          {chat.authorName ? `Shared by ${chat.authorName}` : "Shared chat"} · read-only · updated{" "}
          <RelativeTime iso={chat.updatedAt} />
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <section aria-label="Messages" className="flex min-w-0 flex-col gap-5" data-testid="shared-messages">
          {messages.length ? (
            messages.map((m) => <SharedMessage key={m.id} message={m} />)
          ) : (
            <p className="text-sm text-muted-foreground">No messages yet.</p>
          )}
        </section>
        <aside className="flex min-w-0 flex-col gap-4">
          {preview?.token ? (
            <section aria-label="Preview" className="overflow-hidden rounded-lg border border-border">
              <iframe
                title="Preview"
                src={previewHandoffUrl(new URL(preview.url), preview.token)}
                sandbox="allow-scripts allow-same-origin allow-forms"
                className="h-72 w-full bg-white"
                data-testid="shared-preview"
              />
            </section>
          ) : null}
          <SharedFiles files={files} />
        </aside>
      </div>
    </main>
  );
}

function SharedMessage({ message }: { message: SharedMessageData }) {
  const streaming = isGenerating(message);
  if (message.role === "user")
    return (
      <article data-testid="message" data-role="user" className="flex flex-col items-end gap-1">
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <User className="size-3.5" aria-hidden />
          <RelativeTime iso={message.createdAt} />
        </div>
        <div className="max-w-[85%] rounded-2xl rounded-tr-sm bg-muted px-4 py-2 text-[0.95rem] break-words whitespace-pre-wrap">
          {message.content}
        </div>
      </article>
    );
  const parts = message.parts ?? [];
  return (
    <article data-testid="message" data-role="assistant" className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <Bot className="size-3.5" aria-hidden />
        <span className="font-medium text-foreground">Assistant</span>
        <RelativeTime iso={message.createdAt} />
        {streaming ? <span className="animate-pulse">writing…</span> : null}
      </div>
      {parts.map((part, i) => (
        <PartItem key={i} index={i} part={part} streaming={streaming} />
      ))}
      {!parts.length && message.content ? <Markdown text={message.content} /> : null}
    </article>
  );
}

/** The chat's files, read-only: each one opens in place. */
function SharedFiles({ files }: { files: SharedChat["files"] }) {
  return (
    <section aria-label="Files" className="rounded-lg border border-border" data-testid="shared-files">
      <h2 className="border-b border-border px-3 py-2 text-sm font-medium">Files ({files.length})</h2>
      {files.length ? (
        <ul className="max-h-[60vh] overflow-auto text-sm">
          {files.map((f) => (
            <li key={f.path} className="border-b border-border last:border-b-0">
              <details>
                <summary className="flex cursor-pointer items-center gap-2 px-3 py-1.5 font-mono text-xs hover:bg-muted">
                  <FileText className="size-3.5 shrink-0" aria-hidden />
                  <span className="truncate">{f.path}</span>
                </summary>
                {f.encoding === "utf8" ? (
                  <pre className="max-h-80 overflow-auto bg-muted/50 px-3 py-2 text-xs">{f.content}</pre>
                ) : (
                  <p className="px-3 py-2 text-xs text-muted-foreground">A binary file.</p>
                )}
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <p className="px-3 py-2 text-sm text-muted-foreground">No files yet.</p>
      )}
    </section>
  );
}

/** What every link that opens nothing shows (unknown, rotated, expired, made private: the same words). */
export function ShareGone() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-2 px-4 text-center">
      <h1 className="text-lg font-semibold" data-testid="share-gone">
        This link opens nothing
      </h1>
      <p className="text-sm text-muted-foreground">
        The chat is not shared by this link (any more). Ask its author for a new one.
      </p>
    </main>
  );
}
