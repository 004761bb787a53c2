"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";

import { useImportFromUrl } from "@/lib/hooks/use-git";
import { SourceFields } from "./git-fields";

const isHttpUrl = (value: string) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * The Import dialog's "From a Git repository" (URL, branch) and "From a zip URL" forms: the service fetches the
 * files itself (shallow clone, or the archive), under the same limits as any import; a private repository needs a
 * Git credential for its host (Settings).
 */
export function ImportFromUrlForm({ kind, onDone }: { kind: "repo" | "zip"; onDone: () => void }) {
  const router = useRouter();
  const importChat = useImportFromUrl();
  const [url, setUrl] = useState("");
  const [branch, setBranch] = useState("");
  const valid = isHttpUrl(url.trim());

  const submit = () => {
    if (!valid) return;
    importChat.mutate(
      kind === "repo" ? { kind, url: url.trim(), branch: branch.trim() || undefined } : { kind, url: url.trim() },
      {
        onSuccess: (chat) => {
          onDone();
          toast.success(kind === "repo" ? "Imported the repository" : "Imported the archive");
          router.push(`/chats/${encodeURIComponent(chat.id)}`);
        },
      },
    );
  };

  return (
    <form
      className="space-y-4"
      data-testid={`import-${kind}-form`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <SourceFields
        idPrefix={`import-${kind}`}
        kind={kind}
        url={url}
        branch={branch}
        onUrl={setUrl}
        onBranch={setBranch}
        hint={
          kind === "repo"
            ? "Any Git server over HTTPS. A private repository needs a Git credential for its host (Settings)."
            : "The archive's one top folder, if it has one, is left out."
        }
        disabled={importChat.isPending}
      />
      {importChat.error ? (
        <ErrorPanel
          error={importChat.error}
          title={kind === "repo" ? "The repository was not imported" : "The archive was not imported"}
        />
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onDone} disabled={importChat.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="primary"
          disabled={!valid || importChat.isPending}
          data-testid={`import-${kind}-submit`}
        >
          {importChat.isPending ? <Spinner /> : null}
          {kind === "repo" ? "Clone and import" : "Download and import"}
        </Button>
      </div>
    </form>
  );
}
