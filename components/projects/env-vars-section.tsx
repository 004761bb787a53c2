"use client";

import { Eye, EyeOff, KeyRound, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { AppDialog } from "@/components/ui/dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { TextAreaField, TextField } from "@/components/ui/text-field";
import type { EnvVarV1 } from "@/lib/api/schemas/v1";
import { useEnvVarActions, useEnvVars } from "@/lib/hooks/use-env-vars";
import { parseEnvBlock } from "./parse-env-block";

const MASK = "••••••••";

/**
 * A project's environment variables: values masked until revealed one at a time; add several at once (a pasted `.env`
 * block), change a value, delete with a confirmation. The agent's commands in the project's chats get them.
 */
export function EnvVarsSection({ projectId }: { projectId: string }) {
  const vars = useEnvVars(projectId);
  const actions = useEnvVarActions(projectId);
  const [block, setBlock] = useState("");
  const [blockError, setBlockError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<EnvVarV1 | null>(null);

  const add = () => {
    const { vars: parsed, errors } = parseEnvBlock(block);
    if (errors.length || !parsed.length) {
      setBlockError(errors[0] ?? "Write at least one KEY=value line.");
      return;
    }
    setBlockError(undefined);
    actions.create.mutate(
      { environmentVariables: parsed },
      {
        onSuccess: () => {
          setBlock("");
          toast.success(`Added ${parsed.length} variable${parsed.length === 1 ? "" : "s"}`);
        },
        onError: (error) => setBlockError(error.message),
      },
    );
  };

  return (
    <section aria-labelledby="env-vars-heading" className="space-y-3" data-testid="env-vars-section">
      <h2 id="env-vars-heading" className="flex items-center gap-2 text-sm font-medium">
        <KeyRound className="size-4 text-muted-foreground" aria-hidden />
        Environment variables <span className="text-muted-foreground tabular-nums">{vars.data?.data.length ?? ""}</span>
      </h2>
      {vars.error ? <ErrorPanel error={vars.error} title="The environment variables could not be read" /> : null}
      {vars.data?.data.length ? (
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Environment variables">
          {vars.data.data.map((v) => (
            <EnvVarRow key={v.id} envVar={v} projectId={projectId} onDelete={() => setDeleting(v)} />
          ))}
        </ul>
      ) : vars.data ? (
        <p className="text-sm text-muted-foreground">
          No variables yet. The agent&apos;s commands get the ones you add.
        </p>
      ) : null}
      <div className="space-y-2 rounded-lg border border-border p-3">
        <TextAreaField
          id="env-vars-block"
          label="Add variables"
          hint="KEY=value, one per line; paste a .env file to add several at once."
          error={blockError}
          value={block}
          rows={3}
          spellCheck={false}
          controlClassName="font-mono text-xs"
          placeholder={"DATABASE_URL=postgres://…\nAPI_KEY=…"}
          onChange={(e) => setBlock(e.target.value)}
        />
        <div className="flex justify-end">
          <Button size="sm" variant="primary" onClick={add} disabled={actions.create.isPending || !block.trim()}>
            <Plus className="size-4" aria-hidden />
            Add
          </Button>
        </div>
      </div>
      <AppDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete environment variable?"
        testId="delete-env-var-dialog"
        description={
          <>
            <span className="font-mono font-medium text-foreground">{deleting?.key}</span> is removed from the project.
          </>
        }
      >
        <div className="flex justify-end gap-2">
          <Button onClick={() => setDeleting(null)} data-autofocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={actions.remove.isPending}
            onClick={() =>
              deleting &&
              actions.remove.mutate(deleting.id, {
                onSuccess: () => setDeleting(null),
                onError: (error) => toast.error("The variable was not deleted", { description: error.message }),
              })
            }
          >
            Delete
          </Button>
        </div>
      </AppDialog>
    </section>
  );
}

function EnvVarRow({ envVar, projectId, onDelete }: { envVar: EnvVarV1; projectId: string; onDelete: () => void }) {
  const actions = useEnvVarActions(projectId);
  const [shown, setShown] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const reveal = async () => {
    if (shown !== null) return setShown(null);
    try {
      setShown(await actions.reveal(envVar.id));
    } catch (error) {
      toast.error("The value could not be read", { description: (error as Error).message });
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-2 px-3 py-2" data-testid="env-var-row" data-key={envVar.key}>
      <span className="min-w-0 font-mono text-sm font-medium">{envVar.key}</span>
      {editing !== null ? (
        <form
          className="flex min-w-0 flex-1 items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            actions.update.mutate(
              { id: envVar.id, value: editing },
              {
                onSuccess: () => {
                  setEditing(null);
                  setShown(null);
                },
                onError: (error) => toast.error("The value was not changed", { description: error.message }),
              },
            );
          }}
        >
          <TextField
            id={`env-var-${envVar.id}`}
            label={`New value of ${envVar.key}`}
            value={editing}
            autoFocus
            onChange={(e) => setEditing(e.target.value)}
            className="font-mono text-xs"
          />
          <Button size="sm" variant="primary" type="submit" disabled={actions.update.isPending}>
            Save
          </Button>
          <Button size="sm" type="button" onClick={() => setEditing(null)}>
            Cancel
          </Button>
        </form>
      ) : (
        <>
          <span className="min-w-0 flex-1 truncate font-mono text-xs text-muted-foreground" data-testid="env-var-value">
            {shown ?? MASK}
          </span>
          <Button
            size="sm"
            variant="ghost"
            onClick={reveal}
            aria-label={`${shown === null ? "Reveal" : "Hide"} ${envVar.key}`}
          >
            {shown === null ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setEditing("")} aria-label={`Edit ${envVar.key}`}>
            <Pencil className="size-4" aria-hidden />
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${envVar.key}`}>
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </>
      )}
    </li>
  );
}
