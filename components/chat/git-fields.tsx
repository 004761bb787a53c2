import { TextField } from "@/components/ui/text-field";
import type { HandEditEntry } from "@/lib/api/hand-edit";

/** A text field for a URL, a branch or a name: no autocomplete, no spell check. */
function PlainField(props: Parameters<typeof TextField>[0]) {
  return <TextField autoComplete="off" spellCheck={false} {...props} />;
}

/** The URL (and, for a repository, branch) fields of the Import dialog's URL forms and of the Git section. */
export function SourceFields({
  idPrefix,
  kind,
  url,
  branch,
  onUrl,
  onBranch,
  hint,
  disabled,
}: {
  idPrefix: string;
  kind: "repo" | "zip";
  url: string;
  branch: string;
  onUrl: (url: string) => void;
  onBranch: (branch: string) => void;
  hint?: string;
  disabled?: boolean;
}) {
  return (
    <div className="space-y-3">
      <PlainField
        id={`${idPrefix}-url`}
        label={kind === "repo" ? "Repository URL" : "Zip archive URL"}
        type="url"
        required
        value={url}
        onChange={(e) => onUrl(e.target.value)}
        placeholder={kind === "repo" ? "https://github.com/owner/app.git" : "https://example.com/site.zip"}
        hint={hint}
        disabled={disabled}
      />
      {kind === "repo" ? (
        <PlainField
          id={`${idPrefix}-branch`}
          label="Branch"
          optional
          value={branch}
          onChange={(e) => onBranch(e.target.value)}
          placeholder="the repository's default branch"
          disabled={disabled}
        />
      ) : null}
    </div>
  );
}

/** The files a pull changed, each with what happened to it (a deleted one struck through). */
export function PulledFiles({ entries, className }: { entries: readonly HandEditEntry[]; className: string }) {
  return (
    <ul className={className} aria-label="Files the pull changed">
      {entries.map((e) => (
        <li key={`${e.path}:${e.operation}`} className="flex items-center justify-between gap-2">
          <span className={e.operation === "deleted" ? "truncate font-mono line-through" : "truncate font-mono"}>
            {e.toPath ? `${e.path} → ${e.toPath}` : e.path}
          </span>
          <span className="text-muted-foreground">{e.operation}</span>
        </li>
      ))}
    </ul>
  );
}
