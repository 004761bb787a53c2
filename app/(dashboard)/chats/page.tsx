import type { Metadata } from "next";
import { ChatsPageClient } from "./page-client";

export const metadata: Metadata = { title: "Chats" };

export default function ChatsPage() {
  return <ChatsPageClient />;
}
