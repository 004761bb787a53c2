import type { Metadata } from "next";
import { ChatView } from "@/components/chat/chat-view";
import { decodeSegment } from "../../route-param";

export const metadata: Metadata = { title: "Chat" };

export default async function ChatPage({ params }: { params: Promise<{ chatId: string }> }) {
  const { chatId } = await params;
  const id = decodeSegment(chatId);
  return <ChatView key={id} chatId={id} />;
}
