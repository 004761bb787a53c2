import type { Metadata } from "next";
import { ChatsList } from "@/components/chat/chats-list";
import { NewChatForm } from "@/components/chat/new-chat-form";
import { PageBody } from "@/components/layout/page-body";

export const metadata: Metadata = { title: "Chats" };

export default function ChatsPage() {
  return (
    <PageBody className="flex flex-col gap-8">
      <h1 className="text-xl font-semibold tracking-tight">Chats</h1>
      <NewChatForm />
      <section aria-labelledby="all-chats-heading" className="space-y-3">
        <h2 id="all-chats-heading" className="text-sm font-medium text-muted-foreground">
          All chats
        </h2>
        <ChatsList />
      </section>
    </PageBody>
  );
}
