import { FileSearch } from "lucide-react";
import type { FileReadPart } from "@/lib/api/schemas";
import { FileLink } from "./file-link";
import { ACCENTS, PartCard, isRunning } from "./part-card";
import { strArray } from "./values";

/** The files the agent read, each a link that opens it in the files view. */
export function FileReadPartView({
  part,
  streaming,
  chatId,
}: {
  part: FileReadPart;
  streaming: boolean;
  chatId?: string;
}) {
  const paths = strArray(part.paths);
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
            <li key={`${p}-${i}`} className="flex min-w-0">
              <FileLink chatId={chatId} path={p} />
            </li>
          ))}
        </ul>
      ) : null}
    </PartCard>
  );
}
