import { Paperclip, User } from "lucide-react";
import type { Message } from "@/lib/api/schemas";
import { RelativeTime } from "@/components/ui/relative-time";
import { httpUrlOrNull } from "@/components/ui/safe-url";

/** The document's attachments of a user message (`[{url, name?, contentType?, size?}]`), as links to open. */
function Attachments({ items }: { items: readonly { url: string; name?: string }[] }) {
  if (!items.length) return null;
  return (
    <ul aria-label="Attachments" data-testid="attachments" className="flex max-w-[85%] flex-wrap justify-end gap-1.5">
      {items.map((a, i) => {
        const href = httpUrlOrNull(a.url);
        const label = a.name || a.url;
        return (
          <li key={i} className="flex items-center gap-1 rounded-md border border-border px-2 py-0.5 text-xs">
            <Paperclip className="size-3" aria-hidden />
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="max-w-60 truncate underline"
                title={a.url}
              >
                {label}
              </a>
            ) : (
              <span className="max-w-60 truncate font-mono" title={a.url}>
                {label}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

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
      <Attachments items={message.attachments ?? []} />
    </article>
  );
}
