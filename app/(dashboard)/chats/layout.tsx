import type { ReactNode } from "react";
import { ChatsShell } from "@/components/chat/chats-shell";

/** /chats and /chats/<id>: the chat view follows the address (components/chat/chats-shell.tsx). */
export default function ChatsLayout({ children }: { children: ReactNode }) {
  return <ChatsShell>{children}</ChatsShell>;
}
