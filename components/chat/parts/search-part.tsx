import { Globe, Search } from "lucide-react";
import type { SearchPart } from "@/lib/api/schemas";
import { ACCENTS, Badge, PartCard, isRunning } from "./part-card";

export function SearchPartView({ part, streaming }: { part: SearchPart; streaming: boolean }) {
  const web = part.scope === "web";
  return (
    <PartCard
      kind="search"
      icon={web ? Globe : Search}
      accent={ACCENTS.search}
      label={
        <>
          <span className="font-medium">{web ? "Searched the web" : "Searched the repo"}</span>
          <Badge title="scope">{part.scope}</Badge>
          <code className="truncate font-mono text-xs text-muted-foreground" title={part.query}>
            {part.query}
          </code>
        </>
      }
      timing={part}
      running={isRunning(part, streaming)}
    />
  );
}
