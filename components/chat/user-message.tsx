import { User } from "lucide-react";
import type { Message } from "@/lib/api/schemas";
import { RelativeTime } from "@/components/ui/relative-time";
import { MessageAttachments } from "./attachments/message-attachments";

export function UserMessage({ message }: { message: Message }) {
  return (
    <article
      data-testid="message"
      data-role="user"
      data-message-id={message.id || undefined}
      aria-label="Your message"
      className="flex flex-col items-end gap-1"
    >
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <User className="size-3.5" aria-hidden />
        <span className="font-medium text-foreground">You</span>
        <RelativeTime iso={message.createdAt} />
      </div>
      <div className="max-w-[85%] rounded-2xl rounded-tr-sm bg-muted px-4 py-2 text-[0.95rem] whitespace-pre-wrap break-words">
        {message.content}
      </div>
      <MessageAttachments items={message.attachments ?? []} />
    </article>
  );
}
