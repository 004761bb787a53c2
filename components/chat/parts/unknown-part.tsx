import { CircleHelp } from "lucide-react";
import type { Part } from "@/lib/api/schemas";
import { Disclosure } from "@/components/ui/disclosure";
import { JsonView } from "@/components/ui/json-view";
import { ACCENTS, PartCard } from "./part-card";

/** A part kind this dashboard does not know (the spec's union has more members): shown as JSON. */
export function UnknownPartView({ part }: { part: Part }) {
  const type = typeof part.type === "string" && part.type ? part.type : "unknown";
  return (
    <PartCard
      kind={type}
      icon={CircleHelp}
      accent={ACCENTS.unknown}
      label={
        <>
          <span className="font-medium">Other step</span>
          <code className="truncate font-mono text-xs text-muted-foreground">{type}</code>
        </>
      }
      timing={part}
    >
      <Disclosure summary="Raw part">
        <JsonView value={part} />
      </Disclosure>
    </PartCard>
  );
}
