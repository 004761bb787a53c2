"use client";

import { Plus, X } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Privacy, type Chat, type UpdateChatBody } from "@/lib/api/schemas";
import { useCanWrite, useIsAuthor } from "@/lib/hooks/person";
import { isUnsupported, useUpdateChat } from "@/lib/hooks/use-chats";

const field =
  "rounded-md border border-border bg-background px-2 py-1 text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** One update of the chat with its outcome as a toast (a service without PATCH /v2/chats/{chatId} says so). */
function useChatSetting(chatId: string) {
  const update = useUpdateChat(chatId);
  const [unsupported, setUnsupported] = useState(false);
  // A viewer sees the values without the controls.
  const canWrite = useCanWrite();
  const apply = async (body: UpdateChatBody): Promise<boolean> => {
    try {
      await update.mutateAsync(body);
      return true;
    } catch (error) {
      if (isUnsupported(error, chatId)) {
        setUnsupported(true);
        toast.error("This service cannot change a chat", { description: "It has no PATCH /v2/chats/{chatId}." });
      } else {
        toast.error("The chat could not be changed", {
          description: error instanceof Error ? error.message : String(error),
        });
      }
      return false;
    }
  };
  return { apply, pending: update.isPending, unsupported: unsupported || !canWrite };
}

/**
 * The chat's privacy as a select (PATCH {privacy}); read-only text where the service cannot change it, for a viewer,
 * and on someone else's chat (only the author changes its privacy; known with the embedded service, `useIsAuthor`).
 */
export function ChatPrivacySelect({ chat }: { chat: Chat }) {
  const { apply, pending, unsupported } = useChatSetting(chat.id);
  const author = useIsAuthor(chat.authorId);
  if (unsupported || chat.writePermission === false || author === false) return <span>{chat.privacy}</span>;
  return (
    <select
      aria-label="Privacy"
      data-testid="chat-privacy"
      value={chat.privacy}
      disabled={pending}
      onChange={(e) => void apply({ privacy: Privacy.parse(e.target.value) })}
      className={field}
    >
      {Privacy.options.map((p) => (
        <option key={p} value={p}>
          {p}
        </option>
      ))}
    </select>
  );
}

/** The chat's metadata: each entry removable, a key and value to add or replace (PATCH {metadata}, merged). */
export function ChatMetadataEditor({ chat }: { chat: Chat }) {
  const { apply, pending, unsupported } = useChatSetting(chat.id);
  const [key, setKey] = useState("");
  const [value, setValue] = useState("");
  const entries = Object.entries(chat.metadata ?? {});
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const k = key.trim();
    if (!k) return;
    if (await apply({ metadata: { [k]: value } })) {
      setKey("");
      setValue("");
    }
  };
  return (
    <div className="space-y-1.5" data-testid="chat-metadata">
      {entries.length ? (
        <ul className="space-y-0.5">
          {entries.map(([k, v]) => (
            <li key={k} className="flex items-start gap-1 font-mono text-xs break-all">
              <span className="flex-1">
                {k}: {v}
              </span>
              {unsupported ? null : (
                <button
                  type="button"
                  aria-label={`Remove ${k}`}
                  disabled={pending}
                  onClick={() => void apply({ metadata: { [k]: null } })}
                  className="inline-flex size-5 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground"
                >
                  <X className="size-3" aria-hidden />
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-muted-foreground">none</span>
      )}
      {unsupported ? null : (
        <form onSubmit={add} className="flex items-center gap-1">
          <input
            aria-label="Metadata key"
            placeholder="key"
            value={key}
            maxLength={50}
            onChange={(e) => setKey(e.target.value)}
            className={`${field} w-24 font-mono`}
          />
          <input
            aria-label="Metadata value"
            placeholder="value"
            value={value}
            maxLength={500}
            onChange={(e) => setValue(e.target.value)}
            className={`${field} min-w-0 flex-1 font-mono`}
          />
          <button
            type="submit"
            aria-label="Add the metadata entry"
            disabled={pending || !key.trim()}
            className="inline-flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-50"
          >
            <Plus className="size-4" aria-hidden />
          </button>
        </form>
      )}
    </div>
  );
}
