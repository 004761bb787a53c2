"use client";

import { GitBranch } from "lucide-react";
import Link from "next/link";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { Message } from "@/lib/api/schemas";
import { useBranchChat, useBranchSource } from "@/lib/hooks/use-branch";
import { openNewChat } from "./chat-navigation";
import { useInTimeline } from "./restore/restore-context";

/** "Branch from here" under an answer that made a version (in a chat page's timeline): a new chat up to it. */
export function BranchButton({ message }: { message: Message }) {
  const inTimeline = useInTimeline();
  if (!inTimeline || message.role !== "assistant" || message.restorable !== true) return null;
  return <BranchControl message={message} />;
}

function BranchControl({ message }: { message: Message }) {
  const branch = useBranchChat(message.chatId);
  return (
    <Button
      size="sm"
      data-testid="branch-from-here"
      disabled={branch.isPending}
      onClick={() =>
        branch.mutate(message.id, {
          // The branch opens in place, as a new chat does (no round trip to the server first).
          onSuccess: (chat) => openNewChat(chat.id),
          onError: (error) => toast.error("The branch was not made", { description: error.message }),
        })
      }
    >
      {branch.isPending ? <Spinner /> : <GitBranch className="size-4" aria-hidden />}
      Branch from here
    </Button>
  );
}

/** "Branched from <title>" with a link back, in the header of a chat made by a branch; nothing for other chats. */
export function BranchedFrom({ chatId }: { chatId: string }) {
  const source = useBranchSource(chatId).data;
  if (!source) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="branched-from">
      Branched from{" "}
      <Link
        className="font-medium text-foreground underline-offset-2 hover:underline"
        href={`/chats/${encodeURIComponent(source.chatId)}`}
      >
        {source.title || "Untitled chat"}
      </Link>
    </p>
  );
}
