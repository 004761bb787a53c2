import { ShieldQuestion, Wrench } from "lucide-react";
import type { ToolCallPart } from "@/lib/api/schemas";
import { Disclosure } from "@/components/ui/disclosure";
import { JsonView } from "@/components/ui/json-view";
import { ACCENTS, Badge, PartCard, isRunning } from "./part-card";

export function ToolCallPartView({ part, streaming }: { part: ToolCallPart; streaming: boolean }) {
  const waiting = (part.suggestedPermissions?.length ?? 0) > 0;
  const running = isRunning(part, streaming) && !waiting;
  const title = part.toolDisplayName || part.name;
  return (
    <PartCard
      kind="tool-call"
      icon={Wrench}
      accent={ACCENTS.tool}
      label={
        <>
          <span className="truncate font-medium">{title}</span>
          {part.toolDisplayName ? (
            <code className="truncate font-mono text-xs text-muted-foreground">{part.name}</code>
          ) : null}
        </>
      }
      meta={
        waiting ? (
          <Badge title="The agent waits for approval">awaiting approval</Badge>
        ) : part.status ? (
          <Badge tone={part.status === "ok" ? "success" : "danger"}>{part.status}</Badge>
        ) : null
      }
      timing={part}
      running={running}
    >
      <div className="space-y-2">
        {waiting ? (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <ShieldQuestion className="size-3.5" aria-hidden />
            Needs permission: {part.suggestedPermissions?.map((p) => p.toolName).join(", ")}
          </p>
        ) : null}
        {part.input !== undefined ? (
          <Disclosure summary="Input">
            <JsonView value={part.input} />
          </Disclosure>
        ) : null}
        {part.output !== undefined ? (
          <Disclosure summary="Output">
            <JsonView value={part.output} />
          </Disclosure>
        ) : null}
      </div>
    </PartCard>
  );
}
