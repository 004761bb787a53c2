import type { Metadata } from "next";
import { ChatPageClient } from "./page-client";
import { decodeSegment } from "../../route-param";

export const metadata: Metadata = { title: "Chat" };

export default async function ChatPage({ params }: { params: Promise<{ chatId: string }> }) {
  const { chatId } = await params;
  return <ChatPageClient chatId={decodeSegment(chatId)} />;
}
