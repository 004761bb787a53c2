"use client";

import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { AppDialog } from "@/components/ui/dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Spinner } from "@/components/ui/spinner";
import { TextAreaField, TextField } from "@/components/ui/text-field";
import { CreateProjectBodyV1, type ProjectV1 } from "@/lib/api/schemas/v1";
import { useSaveProject } from "@/lib/hooks/use-projects";

/** Creates a project, or renames one and changes its description (its chats stay as they are). */
export function ProjectDialog({
  open,
  onOpenChange,
  project,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  project?: ProjectV1;
  onSaved?: (project: ProjectV1) => void;
}) {
  const save = useSaveProject();
  const [name, setName] = useState(project?.name ?? "");
  const [description, setDescription] = useState(project?.description ?? "");
  const [nameError, setNameError] = useState<string | undefined>();

  const { reset } = save;
  // Each opening starts from the project as it is now (or empty): only when it opens or for another project, not
  // when a refetch brings a new object. The fields are state adjusted while rendering; the mutation is reset after.
  const openedFor = open ? (project?.id ?? "") : null;
  const [shownFor, setShownFor] = useState<string | null>(openedFor);
  if (shownFor !== openedFor) {
    setShownFor(openedFor);
    if (openedFor !== null) {
      setName(project?.name ?? "");
      setDescription(project?.description ?? "");
      setNameError(undefined);
    }
  }
  useEffect(() => {
    if (openedFor !== null) reset();
  }, [openedFor, reset]);
  const change = (next: boolean) => onOpenChange(next);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateProjectBodyV1.safeParse({ name, ...(description.trim() ? { description } : {}) });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === "name") ?? parsed.error.issues[0];
      setNameError(
        issue ? `${issue.path[0] === "description" ? "Description" : "Name"}: ${issue.message}` : "Check the fields.",
      );
      return;
    }
    setNameError(undefined);
    save.mutate(
      { id: project?.id, body: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(project ? `Saved ${saved.name}` : `Created ${saved.name}`);
          onOpenChange(false);
          onSaved?.(saved);
        },
      },
    );
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={change}
      title={project ? "Edit project" : "New project"}
      description="A project groups chats that belong together."
      testId="project-dialog"
      focusFirstField
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          id="project-name"
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          maxLength={100}
          required
        />
        <TextAreaField
          id="project-description"
          label="Description"
          optional
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={1000}
          rows={3}
        />
        {save.error ? (
          <ErrorPanel
            error={save.error}
            title={project ? "The project was not saved" : "The project was not created"}
          />
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={() => change(false)} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            {project ? "Save" : "Create project"}
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
