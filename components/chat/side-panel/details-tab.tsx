"use client";

import type { Chat, Message } from "@/lib/api/schemas";
import { DeploymentsSection } from "@/components/deployments/deployments-section";
import { HostProjectPanel } from "../../files/host-project-panel";
import { ChatDetails } from "../chat-details";
import { DeleteChatSection } from "../delete-chat-section";
import { DuplicateChatSection } from "../duplicate-chat-section";
import { ExportChatSection } from "../export-chat-section";
import { GitSection } from "../git-section";

/**
 * The Details tab's content: the chat's facts (id, privacy, usage totals, metadata), its host project and deployments,
 * Git, and duplicating, exporting and deleting it.
 */
export function DetailsTab({
  chatId,
  chat,
  messages,
  generating,
}: {
  chatId: string;
  chat: Chat | undefined;
  messages: readonly Message[];
  generating: boolean;
}) {
  return (
    <>
      <ChatDetails chat={chat} messages={messages} />
      <HostProjectPanel chatId={chatId} />
      <DeploymentsSection chatId={chatId} />
      <GitSection chat={chat} generating={generating} />
      <DuplicateChatSection chat={chat} generating={generating} />
      <ExportChatSection chat={chat} generating={generating} />
      <DeleteChatSection chat={chat} generating={generating} />
    </>
  );
}
