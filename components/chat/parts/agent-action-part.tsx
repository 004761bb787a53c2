import { Workflow } from "lucide-react";
import type { AgentActionPart } from "@/lib/api/schemas";
import { Disclosure } from "@/components/ui/disclosure";
import { JsonView } from "@/components/ui/json-view";
import { ACCENTS, Badge, PartCard, isRunning } from "./part-card";

const INTEGRATION_REQUEST = "get_or_request_integration";

export function AgentActionPartView({ part, streaming }: { part: AgentActionPart; streaming: boolean }) {
  const data = part.data ?? {};
  const integrations = data.requestedIntegrations ?? [];
  const presets = data.requestedMcpPresets ?? [];
  return (
    <PartCard
      kind="agent-action"
      icon={Workflow}
      accent={ACCENTS.action}
      label={
        <>
          <span className="font-medium">{part.name === INTEGRATION_REQUEST ? "Requested integrations" : "Agent action"}</span>
          <code className="truncate font-mono text-xs text-muted-foreground">{part.name}</code>
        </>
      }
      timing={part}
      running={isRunning(part, streaming)}
    >
      <div className="space-y-2">
        {integrations.length || presets.length ? (
          <div className="flex flex-wrap gap-1">
            {integrations.map((name) => (
              <Badge key={`i-${name}`} title="integration">
                {name}
              </Badge>
            ))}
            {presets.map((name) => (
              <Badge key={`m-${name}`} title="MCP preset">
                MCP: {name}
              </Badge>
            ))}
          </div>
        ) : null}
        <Disclosure summary="Data">
          <JsonView value={data} />
        </Disclosure>
      </div>
    </PartCard>
  );
}
