"use client";

import { useChats } from "@/lib/hooks/use-chats";
import { inputClass } from "@/components/ui/text-field";

/** "All chats" or one chat (the recent ones, by title) the webhook is scoped to. */
export function ChatScopePicker({
  value,
  onChange,
  disabled,
}: {
  value: string | null;
  onChange: (chatId: string | null) => void;
  disabled?: boolean;
}) {
  const chats = useChats(50);
  const known = chats.chats.some((c) => c.id === value);
  return (
    <div className="space-y-1.5">
      <label htmlFor="webhook-chat" className="text-sm font-medium">
        Scope
      </label>
      <select
        id="webhook-chat"
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value || null)}
        disabled={disabled}
        aria-describedby="webhook-chat-hint"
        className={inputClass}
      >
        <option value="">All chats</option>
        {value && !known ? <option value={value}>{value}</option> : null}
        {chats.chats.map((chat) => (
          <option key={chat.id} value={chat.id}>
            {chat.title?.trim() || "Untitled chat"} · {chat.id}
          </option>
        ))}
      </select>
      <p id="webhook-chat-hint" className="text-xs text-muted-foreground">
        {chats.isPending
          ? "Loading your chats…"
          : chats.error
            ? "Your chats could not be loaded; the webhook can still cover all chats."
            : "A webhook scoped to a chat receives only that chat's events. The scope cannot be changed later."}
      </p>
    </div>
  );
}
