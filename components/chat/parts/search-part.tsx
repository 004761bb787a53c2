import { Globe, Search } from "lucide-react";
import type { SearchPart } from "@/lib/api/schemas";
import { ACCENTS, Badge, PartCard, isRunning } from "./part-card";
import { str } from "./values";

/** A search: its scope (repo or web) and query. */
export function SearchPartView({ part, streaming }: { part: SearchPart; streaming: boolean }) {
  const web = part.scope === "web";
  const query = str(part.query);
  const running = isRunning(part, streaming);
  return (
    <PartCard
      kind="search"
      icon={web ? Globe : Search}
      accent={ACCENTS.search}
      label={
        <>
          <span className="shrink-0 font-medium">
            {web
              ? running
                ? "Searching the web"
                : "Searched the web"
              : running
                ? "Searching the repo"
                : "Searched the repo"}
          </span>
          <Badge title="scope">{str(part.scope) || "repo"}</Badge>
          <code className="truncate font-mono text-xs text-muted-foreground" title={query}>
            {query}
          </code>
        </>
      }
      timing={part}
      running={running}
    />
  );
}
