import { Coins, Cpu } from "lucide-react";
import type { Usage } from "@/lib/api/schemas";
import { formatCredits, formatNumber } from "@/components/ui/format";

function breakdown(label: string, n: Usage["tokens"], format: (v: number) => string): string {
  return `${label}: input ${format(n.input)}, output ${format(n.output)}, cache read ${format(n.cacheRead)}, cache write ${format(n.cacheWrite)}, total ${format(n.total)}`;
}

/** A message's usage: model, tokens (input, output, cache read, cache write, total) and credits. */
export function UsageLine({ usage }: { usage: Usage }) {
  const t = usage.tokens;
  return (
    <div
      data-testid="usage"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground"
      title={`${breakdown("Tokens", usage.tokens, formatNumber)}\n${breakdown("Credits", usage.creditsCost, formatCredits)}`}
    >
      <span className="inline-flex items-center gap-1">
        <Cpu className="size-3.5" aria-hidden />
        <span className="font-mono">{usage.model ?? "model n/a"}</span>
      </span>
      <span className="tabular-nums">
        <span className="text-foreground/80">{formatNumber(t.total)} tokens</span>
        <span className="ml-1">
          (input {formatNumber(t.input)} · output {formatNumber(t.output)} · cache read {formatNumber(t.cacheRead)} ·
          cache write {formatNumber(t.cacheWrite)})
        </span>
      </span>
      <span className="inline-flex items-center gap-1 tabular-nums">
        <Coins className="size-3.5" aria-hidden />
        {formatCredits(usage.creditsCost.total)} credits
      </span>
    </div>
  );
}
