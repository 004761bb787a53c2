import { CircleHelp } from "lucide-react";
import type { Part } from "@/lib/api/schemas";
import { JsonBlock } from "./json-block";
import { ACCENTS, PartCard } from "./part-card";

/** A part kind this dashboard does not know (the spec's union has more members), or one it failed to show: JSON. */
export function UnknownPartView({ part, note }: { part: Part; note?: string }) {
  const type = typeof part?.type === "string" && part.type ? part.type : "unknown";
  return (
    <PartCard
      kind={type}
      icon={CircleHelp}
      accent={ACCENTS.unknown}
      label={
        <>
          <span className="font-medium">Other step</span>
          <code className="truncate font-mono text-xs text-muted-foreground" title={type}>
            {type}
          </code>
        </>
      }
      timing={part}
    >
      {note ? <p className="mb-1 text-xs text-muted-foreground">{note}</p> : null}
      <JsonBlock summary="Raw part" value={part} />
    </PartCard>
  );
}
