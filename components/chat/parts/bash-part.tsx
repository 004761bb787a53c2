import { SquareTerminal } from "lucide-react";
import type { BashPart } from "@/lib/api/schemas";
import { formatDuration } from "@/components/ui/format";
import { ACCENTS, Badge, PartCard, isRunning } from "./part-card";

export function BashPartView({ part, streaming }: { part: BashPart; streaming: boolean }) {
  const running = isRunning(part, streaming);
  return (
    <PartCard
      kind="bash"
      icon={SquareTerminal}
      accent={ACCENTS.bash}
      label={<span className="font-medium">{running ? "Running command" : "Ran command"}</span>}
      meta={
        <>
          {part.isDangerous ? (
            <Badge tone="danger" title="Flagged as dangerous: required explicit approval">
              dangerous
            </Badge>
          ) : null}
          {typeof part.exitCode === "number" ? (
            <Badge tone={part.exitCode === 0 ? "success" : "danger"}>exit {part.exitCode}</Badge>
          ) : null}
          {typeof part.timeoutMs === "number" ? <Badge>timeout {formatDuration(part.timeoutMs)}</Badge> : null}
        </>
      }
      timing={part}
      running={running}
    >
      <div className="overflow-hidden rounded-md bg-terminal font-mono text-xs text-terminal-foreground">
        <pre className="overflow-x-auto px-3 py-2 whitespace-pre-wrap break-all">
          <span className="text-emerald-400 select-none">$ </span>
          {part.command}
        </pre>
        {part.output ? (
          <pre className="max-h-72 overflow-auto border-t border-white/10 px-3 py-2 whitespace-pre-wrap break-all text-slate-300">
            {part.output}
          </pre>
        ) : null}
      </div>
    </PartCard>
  );
}
