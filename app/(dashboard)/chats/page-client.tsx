"use client";

import { ChatsList } from "@/components/chat/chats-list";
import { NewChatForm } from "@/components/chat/new-chat-form";

export function ChatsPageClient() {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8">
        <h1 className="text-xl font-semibold tracking-tight">Chats</h1>
        <NewChatForm />
        <section aria-labelledby="all-chats-heading" className="space-y-3">
          <h2 id="all-chats-heading" className="text-sm font-medium text-muted-foreground">
            All chats
          </h2>
          <ChatsList />
        </section>
      </div>
    </div>
  );
}
