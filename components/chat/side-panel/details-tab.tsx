"use client";

import type { Chat, Message } from "@/lib/api/schemas";
import { useCanWrite } from "@/lib/hooks/person";
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
  // A viewer reads the facts and exports; nothing that changes the chat is shown.
  const canWrite = useCanWrite();
  return (
    <>
      <ChatDetails chat={chat} messages={messages} />
      {canWrite ? (
        <>
          <HostProjectPanel chatId={chatId} />
          <DeploymentsSection chatId={chatId} />
          <GitSection chat={chat} generating={generating} />
          <DuplicateChatSection chat={chat} generating={generating} />
        </>
      ) : null}
      <ExportChatSection chat={chat} generating={generating} />
      {canWrite ? <DeleteChatSection chat={chat} generating={generating} /> : null}
    </>
  );
}
