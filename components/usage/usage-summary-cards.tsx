import { formatCredits, formatNumber } from "@/components/ui/format";

interface UsageFigures {
  credits: number;
  tokens: number;
  messages: number;
  chats: number;
  /** The tokens come from at most a capped number of events: more may exist. */
  tokensPartial: boolean;
}

/** The range's totals: credits (summary), tokens (events), messages and chats (activity). */
export function UsageSummaryCards({ figures }: { figures: UsageFigures }) {
  const cards = [
    { key: "credits", label: "Credits", value: figures.credits, text: formatCredits(figures.credits) },
    {
      key: "tokens",
      label: "Tokens",
      value: figures.tokens,
      text: `${formatNumber(figures.tokens)}${figures.tokensPartial ? "+" : ""}`,
    },
    { key: "messages", label: "Messages", value: figures.messages, text: formatNumber(figures.messages) },
    { key: "chats", label: "Chats", value: figures.chats, text: formatNumber(figures.chats) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {cards.map((c) => (
        <div key={c.key} className="rounded-lg border border-border bg-card p-4">
          <dt className="text-xs text-muted-foreground">{c.label}</dt>
          <dd
            className="mt-1 text-2xl font-semibold tabular-nums"
            data-testid={`usage-${c.key}`}
            data-value={String(c.value)}
          >
            {c.text}
          </dd>
        </div>
      ))}
    </dl>
  );
}
