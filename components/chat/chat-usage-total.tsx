import { Sigma } from "lucide-react";
import type { Message, Usage } from "@/lib/api/schemas";
import { formatCredits, formatNumber } from "@/components/ui/format";

type Tokens = Usage["tokens"];

interface UsageTotal {
  messages: number;
  tokens: Tokens;
  credits: number;
}

const zero = (): Tokens => ({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 });

/** The running total of the messages' usage (the live message's partial usage included), or null when none has any. */
export function sumUsage(messages: readonly Message[]): UsageTotal | null {
  const total: UsageTotal = { messages: 0, tokens: zero(), credits: 0 };
  for (const m of messages) {
    const u = m.usage;
    if (!u || (u.tokens.total === 0 && u.creditsCost.total === 0)) continue;
    total.messages++;
    total.tokens.input += u.tokens.input;
    total.tokens.output += u.tokens.output;
    total.tokens.cacheRead += u.tokens.cacheRead;
    total.tokens.cacheWrite += u.tokens.cacheWrite;
    total.tokens.total += u.tokens.total;
    total.credits += u.creditsCost.total;
  }
  return total.messages ? total : null;
}

/** The chat's running usage total for the chat header; `partial` when older messages are not loaded yet. */
export function ChatUsageTotal({ messages, partial = false }: { messages: readonly Message[]; partial?: boolean }) {
  const total = sumUsage(messages);
  if (!total) return null;
  const t = total.tokens;
  const scope = partial
    ? `the ${formatNumber(total.messages)} loaded answers (older messages not loaded)`
    : `${formatNumber(total.messages)} answers`;
  return (
    <div
      data-testid="chat-usage"
      className="hidden items-center gap-1 rounded-md bg-muted px-2 py-1 text-xs text-muted-foreground tabular-nums @2xl:inline-flex"
      title={`Usage of ${scope}\nTokens: input ${formatNumber(t.input)}, output ${formatNumber(t.output)}, cache read ${formatNumber(t.cacheRead)}, cache write ${formatNumber(t.cacheWrite)}, total ${formatNumber(t.total)}\nCredits: ${formatCredits(total.credits)}`}
    >
      <Sigma className="size-3.5" aria-hidden />
      <span className="sr-only">Chat usage{partial ? " so far (loaded messages)" : ""}:</span>
      <span>
        {formatNumber(t.total)} tokens · {formatCredits(total.credits)} credits{partial ? "+" : ""}
      </span>
    </div>
  );
}
