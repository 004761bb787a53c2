import { FileSearch } from "lucide-react";
import type { FileReadPart } from "@/lib/api/schemas";
import { ACCENTS, PartCard, isRunning } from "./part-card";

export function FileReadPartView({ part, streaming }: { part: FileReadPart; streaming: boolean }) {
  const paths = part.paths ?? [];
  return (
    <PartCard
      kind="file-read"
      icon={FileSearch}
      accent={ACCENTS.file}
      label={
        <span className="font-medium">
          Read {paths.length} {paths.length === 1 ? "file" : "files"}
        </span>
      }
      timing={part}
      running={isRunning(part, streaming)}
    >
      {paths.length ? (
        <ul className="space-y-0.5">
          {paths.map((p, i) => (
            <li key={`${p}-${i}`} className="truncate font-mono text-xs" title={p}>
              {p}
            </li>
          ))}
        </ul>
      ) : null}
    </PartCard>
  );
}
