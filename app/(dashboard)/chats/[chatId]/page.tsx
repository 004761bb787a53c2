import type { Metadata } from "next";
import { ChatPageClient } from "./page-client";

export const metadata: Metadata = { title: "Chat" };

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export default async function ChatPage({ params }: { params: Promise<{ chatId: string }> }) {
  const { chatId } = await params;
  return <ChatPageClient chatId={decodeSegment(chatId)} />;
}
