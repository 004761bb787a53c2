import { FilePen } from "lucide-react";
import type { FileEditPart } from "@/lib/api/schemas";
import { FileLink } from "./file-link";
import { ACCENTS, Badge, PartCard, isRunning } from "./part-card";
import { str } from "./values";

const VERB: Record<string, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  rename: "Renamed",
  patch: "Patched",
};

/** A file change: the operation as a badge, the path linking to the file (`path → toPath` for a rename). */
export function FileEditPartView({
  part,
  streaming,
  chatId,
}: {
  part: FileEditPart;
  streaming: boolean;
  chatId?: string;
}) {
  const operation = str(part.operation);
  const path = str(part.path);
  const toPath = str(part.toPath);
  const verb = Object.hasOwn(VERB, operation) ? VERB[operation] : operation || "Edited";
  return (
    <PartCard
      kind="file-edit"
      icon={FilePen}
      accent={ACCENTS.file}
      label={
        <>
          <Badge title={`operation: ${operation || "unknown"}`}>{verb}</Badge>
          {/* A deleted file (or a renamed one's old path) no longer exists: shown, not linked. */}
          <FileLink
            chatId={operation === "delete" || (operation === "rename" && toPath) ? undefined : chatId}
            path={path}
          />
          {toPath ? (
            <>
              <span className="shrink-0 text-muted-foreground" title="renamed to">
                {" → "}
              </span>
              <FileLink chatId={chatId} path={toPath} />
            </>
          ) : null}
        </>
      }
      timing={part}
      running={isRunning(part, streaming)}
    />
  );
}
