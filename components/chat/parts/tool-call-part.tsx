import { CircleCheck, CircleX, ShieldQuestion, Wrench } from "lucide-react";
import type { ToolCallPart } from "@/lib/api/schemas";
import { JsonBlock } from "./json-block";
import { ACCENTS, Badge, PartCard, isRunning } from "./part-card";
import { isRecord, str } from "./values";

/** A tool call: its display name (fallback: name), status, input and output as collapsible, copyable JSON. */
export function ToolCallPartView({ part, streaming }: { part: ToolCallPart; streaming: boolean }) {
  const permissions = Array.isArray(part.suggestedPermissions) ? part.suggestedPermissions.filter(isRecord) : [];
  const waiting = permissions.length > 0;
  const running = isRunning(part, streaming) && !waiting;
  const name = str(part.name);
  const title = str(part.toolDisplayName) || name || "Tool call";
  const status = part.status === "ok" || part.status === "error" ? part.status : null;
  return (
    <PartCard
      kind="tool-call"
      icon={Wrench}
      accent={ACCENTS.tool}
      label={
        <>
          <span className="truncate font-medium" title={title}>
            {title}
          </span>
          {name && title !== name ? (
            <code className="truncate font-mono text-xs text-muted-foreground" title={name}>
              {name}
            </code>
          ) : null}
        </>
      }
      meta={
        waiting ? (
          <Badge title="The agent waits until you approve or reject this">
            <ShieldQuestion className="mr-1 size-3" aria-hidden />
            waiting for your approval
          </Badge>
        ) : status ? (
          <Badge tone={status === "ok" ? "success" : "danger"} title={`status: ${status}`}>
            {status === "ok" ? (
              <CircleCheck className="mr-1 size-3" aria-hidden />
            ) : (
              <CircleX className="mr-1 size-3" aria-hidden />
            )}
            {status}
          </Badge>
        ) : null
      }
      timing={part}
      running={running}
    >
      {waiting || part.input !== undefined || part.output !== undefined ? (
        <div className="space-y-2">
          {waiting ? (
            <ul className="space-y-1 text-xs text-muted-foreground" data-testid="suggested-permissions">
              {permissions.map((p, i) => (
                <li key={i}>
                  <span className="font-medium text-foreground">
                    {str(p.toolDisplayName) || str(p.toolName) || "A tool"}
                  </span>
                  {str(p.userMessage) ? <> — {str(p.userMessage)}</> : null}
                </li>
              ))}
            </ul>
          ) : null}
          {part.input !== undefined ? <JsonBlock summary="Input" value={part.input} /> : null}
          {part.output !== undefined ? <JsonBlock summary="Output" value={part.output} /> : null}
        </div>
      ) : null}
    </PartCard>
  );
}
