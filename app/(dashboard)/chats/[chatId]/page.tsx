import type { Metadata } from "next";

export const metadata: Metadata = { title: "Chat" };

/** The chat is drawn by the section's layout from the address (components/chat/chats-shell.tsx); the route names it. */
export default function ChatPage() {
  return null;
}
