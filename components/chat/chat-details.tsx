import type { ReactNode } from "react";
import type { Chat, Message, Usage } from "@/lib/api/schemas";
import { formatCredits, formatNumber, formatUtc } from "@/components/ui/format";
import { MonoId } from "@/components/ui/mono-id";
import { RelativeTime } from "@/components/ui/relative-time";
import { ChatProjectPicker } from "@/components/projects/chat-project-picker";
import { ChatInstructions } from "./chat-instructions";
import { ChatMetadataEditor, ChatPrivacySelect } from "./chat-settings-fields";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] items-baseline gap-2 py-1.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

/** Sum of the messages' usage (tokens and credits), or null when none carries usage. */
function usageTotals(messages: readonly Message[]): { tokens: number; credits: number; models: string[] } | null {
  const usages = messages.map((m) => m.usage).filter((u): u is Usage => !!u);
  if (!usages.length) return null;
  return {
    tokens: usages.reduce((n, u) => n + u.tokens.total, 0),
    credits: usages.reduce((n, u) => n + u.creditsCost.total, 0),
    models: [...new Set(usages.map((u) => u.model).filter((m): m is string => !!m))],
  };
}

/** The chat's details: id, privacy, times, usage totals, metadata (the host project follows in the same tab). */
export function ChatDetails({ chat, messages }: { chat: Chat | undefined; messages: readonly Message[] }) {
  if (!chat) return null;
  const totals = usageTotals(messages);
  return (
    <section aria-labelledby="details-heading" className="space-y-4 p-4">
      <h2 id="details-heading" className="text-sm font-semibold">
        This chat
      </h2>
      <dl className="divide-y divide-border">
        <Row label="Chat id">
          <MonoId id={chat.id} label="chat id" />
        </Row>
        <Row label="Privacy">
          <ChatPrivacySelect chat={chat} />
        </Row>
        <Row label="Project">
          <ChatProjectPicker chatId={chat.id} />
        </Row>
        <Row label="Created">
          <RelativeTime iso={chat.createdAt} />
        </Row>
        {chat.updatedAt ? (
          <Row label="Updated">
            <span title={formatUtc(chat.updatedAt)}>
              <RelativeTime iso={chat.updatedAt} />
            </span>
          </Row>
        ) : null}
        <Row label="Author">
          <code className="font-mono text-xs">{chat.authorId}</code>
        </Row>
        <Row label="Can write">{chat.writePermission ? "yes" : "no"}</Row>
        <Row label="Usage">
          {totals ? (
            <span className="tabular-nums">
              {formatNumber(totals.tokens)} tokens · {formatCredits(totals.credits)} credits
              {totals.models.length ? (
                <span className="block font-mono text-xs text-muted-foreground">{totals.models.join(", ")}</span>
              ) : null}
            </span>
          ) : (
            <span className="text-muted-foreground">none yet</span>
          )}
        </Row>
        <Row label="Instructions">
          <ChatInstructions chatId={chat.id} />
        </Row>
        <Row label="Metadata">
          <ChatMetadataEditor chat={chat} />
        </Row>
      </dl>
    </section>
  );
}
