import { PencilLine } from "lucide-react";
import Link from "next/link";
import type { HandEditEntry } from "@/lib/api/hand-edit";
import type { Message } from "@/lib/api/schemas";
import { RelativeTime } from "@/components/ui/relative-time";

/** The chat page with a file open on what changed (`?file=path&view=changes`). */
const diffHref = (chatId: string, path: string) =>
  `/chats/${encodeURIComponent(chatId)}?file=${encodeURIComponent(path)}&view=changes`;

/** "app.js", "app.js and styles.css", "app.js and 2 other files". */
function headline(entries: readonly HandEditEntry[]): string {
  const first = entries[0]!.toPath ?? entries[0]!.path;
  const name = first.split("/").pop()!;
  if (entries.length === 1) return name;
  if (entries.length === 2) return `${name} and ${(entries[1]!.toPath ?? entries[1]!.path).split("/").pop()}`;
  return `${name} and ${entries.length - 1} other files`;
}

/**
 * A hand edit in the timeline: one compact row ("You edited app.js and 2 other files") instead of the two messages
 * that record it, each file a link to its diff in the files panel (a deleted file has none to show).
 */
export function HandEditRow({ message, entries }: { message: Message; entries: readonly HandEditEntry[] }) {
  return (
    <div className="flex flex-col gap-1 px-1 py-1 text-sm text-muted-foreground" data-testid="hand-edit-row">
      <div className="flex items-center gap-2">
        <PencilLine className="size-3.5 shrink-0" aria-hidden />
        <span className="text-foreground">You edited {headline(entries)}</span>
        <RelativeTime iso={message.createdAt} className="text-xs" />
      </div>
      <ul className="ml-5.5 flex flex-wrap gap-x-3 gap-y-0.5" aria-label="Files edited by hand">
        {entries.map((e) => {
          const path = e.toPath ?? e.path;
          const label = e.toPath ? `${e.path} → ${e.toPath}` : e.path;
          return (
            <li key={label} className="flex items-center gap-1 text-xs">
              {e.operation === "deleted" ? (
                <span className="font-mono line-through" title="Deleted">
                  {label}
                </span>
              ) : (
                <Link
                  href={diffHref(message.chatId, path)}
                  scroll={false}
                  data-testid="hand-edit-file"
                  title={`Show what changed in ${path}`}
                  className="font-mono underline-offset-2 hover:text-foreground hover:underline"
                >
                  {label}
                </Link>
              )}
              <span className="text-muted-foreground/70">{e.operation}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
