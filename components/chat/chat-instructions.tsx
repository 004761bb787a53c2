"use client";

import { useQuery } from "@tanstack/react-query";
import { CopyButton } from "@/components/ui/copy-button";
import { queryKeys } from "@/lib/hooks/query-keys";
import { useServiceClientV1 } from "@/lib/hooks/service-clients";

/**
 * The chat's instructions for the agent (the create body's `systemPrompt`). The v2 Chat does not carry them; the v1
 * chat does where the service tells (the embedded service's extension), so they are read from there. Nothing is
 * shown where the service does not say.
 */
export function ChatInstructions({ chatId }: { chatId: string }) {
  const v1 = useServiceClientV1();
  const chat = useQuery({
    queryKey: queryKeys.chatV1(chatId),
    queryFn: () => v1.getChat(chatId),
    staleTime: 60_000,
    retry: false,
  });
  if (chat.isPending) return <span className="text-muted-foreground">…</span>;
  const text = chat.data?.systemPrompt?.trim();
  if (!text) return <span className="text-muted-foreground">none</span>;
  return (
    <div className="flex items-start gap-1" data-testid="chat-instructions">
      <p className="max-h-40 min-w-0 flex-1 overflow-auto text-sm break-words whitespace-pre-wrap">{text}</p>
      <CopyButton value={text} label="Copy the instructions" />
    </div>
  );
}
