"use client";

import { Download } from "lucide-react";
import { useState } from "react";
import { saveBlob } from "@/components/files/download";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { formatNumber } from "@/components/ui/format";
import { PanelSection } from "@/components/ui/panel-section";
import { Spinner } from "@/components/ui/spinner";
import type { ServiceClient } from "@/lib/api/client";
import type { Chat, Message } from "@/lib/api/schemas";
import { useServiceClient } from "@/lib/hooks/service-clients";
import { transcriptFileName, transcriptMarkdown } from "./transcript";

/** Every message of a chat, oldest first, read page by page (100 a page); `onProgress` gets the count so far. */
async function allMessages(client: ServiceClient, chatId: string, onProgress: (n: number) => void): Promise<Message[]> {
  const newestFirst: Message[] = [];
  let cursor: string | null = null;
  do {
    const page = await client.listMessages(chatId, { limit: 100, ...(cursor ? { cursor } : {}) });
    newestFirst.push(...page.messages);
    onProgress(newestFirst.length);
    cursor = page.cursor;
  } while (cursor);
  return newestFirst.reverse();
}

/** Details tab: download the whole conversation as Markdown (readable) or JSON (the service's messages, as sent). */
export function ExportChatSection({ chat, generating }: { chat: Chat | undefined; generating: boolean }) {
  const client = useServiceClient();
  const [busy, setBusy] = useState<{ format: "md" | "json"; count: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (!chat) return null;

  const download = async (format: "md" | "json") => {
    setBusy({ format, count: 0 });
    setError(null);
    try {
      const messages = await allMessages(client, chat.id, (count) => setBusy({ format, count }));
      const blob =
        format === "md"
          ? new Blob([transcriptMarkdown(chat, messages)], { type: "text/markdown;charset=utf-8" })
          : new Blob([`${JSON.stringify({ chat, messages }, null, 2)}\n`], { type: "application/json" });
      saveBlob(blob, transcriptFileName(chat, format));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <PanelSection
      id="export-chat"
      title="Export the conversation"
      testId="export-chat-section"
      description={`Every message with its parts: Markdown to read or share, JSON as the service sends it.${
        generating ? " The message being generated is included as it is now." : ""
      }`}
    >
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void download("md")} disabled={busy !== null} data-testid="export-markdown">
          {busy?.format === "md" ? <Spinner /> : <Download className="size-4" aria-hidden />}
          Markdown
        </Button>
        <Button size="sm" onClick={() => void download("json")} disabled={busy !== null} data-testid="export-json">
          {busy?.format === "json" ? <Spinner /> : <Download className="size-4" aria-hidden />}
          JSON
        </Button>
      </div>
      {busy ? (
        <p className="text-xs text-muted-foreground" role="status">
          Reading messages… {formatNumber(busy.count)}
        </p>
      ) : null}
      {error ? <ErrorPanel error={error} title="The conversation was not exported" /> : null}
    </PanelSection>
  );
}
