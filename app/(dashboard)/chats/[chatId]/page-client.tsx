"use client";

import { ChatView } from "@/components/chat/chat-view";

export function ChatPageClient({ chatId }: { chatId: string }) {
  return <ChatView key={chatId} chatId={chatId} />;
}
