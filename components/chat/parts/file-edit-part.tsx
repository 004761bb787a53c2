import { ArrowRight, FilePen } from "lucide-react";
import type { FileEditPart } from "@/lib/api/schemas";
import { ACCENTS, Badge, PartCard, isRunning } from "./part-card";

const VERB: Record<string, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  rename: "Renamed",
  patch: "Patched",
};

export function FileEditPartView({ part, streaming }: { part: FileEditPart; streaming: boolean }) {
  return (
    <PartCard
      kind="file-edit"
      icon={FilePen}
      accent={ACCENTS.file}
      label={
        <>
          <Badge title={`operation: ${part.operation}`}>{VERB[part.operation] ?? part.operation}</Badge>
          <code className="truncate font-mono text-xs" title={part.path}>
            {part.path}
          </code>
          {part.toPath ? (
            <>
              <ArrowRight className="size-3.5 shrink-0 text-muted-foreground" aria-label="to" />
              <code className="truncate font-mono text-xs" title={part.toPath}>
                {part.toPath}
              </code>
            </>
          ) : null}
        </>
      }
      timing={part}
      running={isRunning(part, streaming)}
    />
  );
}
