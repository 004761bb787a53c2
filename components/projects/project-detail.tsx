"use client";

import { FolderKanban, Pencil, Plus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { useCanWrite } from "@/lib/hooks/person";
import { AppDialog } from "@/components/ui/dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { MonoId } from "@/components/ui/mono-id";
import { BackLink, RecordState } from "@/components/ui/record-state";
import { Spinner } from "@/components/ui/spinner";
import type { ProjectV1 } from "@/lib/api/schemas/v1";
import { useDeleteProject, useProject, useSaveProject } from "@/lib/hooks/use-projects";
import { DeploymentsSection } from "@/components/deployments/deployments-section";
import { AddChatsDialog } from "./add-chats-dialog";
import { EnvVarsSection } from "./env-vars-section";
import { ProjectChats } from "./project-chats";
import { ProjectDialog } from "./project-dialog";

const back = <BackLink href="/projects">Projects</BackLink>;

/** One project: its name and description (edit), its chats (add, remove), and delete (its chats stay). */
export function ProjectDetail({ projectId }: { projectId: string }) {
  const project = useProject(projectId);
  if (!project.data) return <RecordState query={project} back={back} what="project" />;
  return <ProjectLoaded project={project.data} />;
}

function ProjectLoaded({ project }: { project: ProjectV1 }) {
  const save = useSaveProject();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // A viewer reads the project: no editing, no chats added or removed, no variables or deployments.
  const canWrite = useCanWrite();
  const setChats = (chatIds: string[], done: string) =>
    save.mutate(
      {
        id: project.id,
        body: { name: project.name, ...(project.description ? { description: project.description } : {}), chatIds },
      },
      {
        onSuccess: () => {
          toast.success(done);
          setAdding(false);
        },
        onError: (error) => toast.error(`The project was not changed: ${error.message}`),
      },
    );
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        {back}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <h1 className="flex items-center gap-2 text-xl font-semibold tracking-tight" data-testid="project-name">
              <FolderKanban className="size-5 text-muted-foreground" aria-hidden />
              {project.name}
            </h1>
            {project.description ? <p className="text-sm text-muted-foreground">{project.description}</p> : null}
            <MonoId id={project.id} />
          </div>
          <div className={canWrite ? "flex gap-2" : "hidden"}>
            <Button size="sm" onClick={() => setEditing(true)}>
              <Pencil className="size-4" aria-hidden />
              Edit
            </Button>
            <Button size="sm" onClick={() => setDeleting(true)}>
              <Trash2 className="size-4" aria-hidden />
              Delete
            </Button>
          </div>
        </div>
      </div>
      <section aria-labelledby="project-chats-heading" className="space-y-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="project-chats-heading" className="text-sm font-medium">
            Chats <span className="text-muted-foreground tabular-nums">{project.chatIds.length}</span>
          </h2>
          {canWrite ? (
            <Button size="sm" variant="primary" onClick={() => setAdding(true)} data-testid="add-chats">
              <Plus className="size-4" aria-hidden />
              Add chats
            </Button>
          ) : null}
        </div>
        <ProjectChats
          chatIds={project.chatIds}
          busy={save.isPending}
          onRemove={
            canWrite
              ? (id) =>
                  setChats(
                    project.chatIds.filter((c) => c !== id),
                    "Removed the chat from the project",
                  )
              : null
          }
        />
      </section>
      {canWrite ? (
        <>
          <EnvVarsSection projectId={project.id} />
          <DeploymentsSection projectId={project.id} />
        </>
      ) : null}
      <ProjectDialog open={editing} onOpenChange={setEditing} project={project} />
      <AddChatsDialog
        open={adding}
        onOpenChange={setAdding}
        exclude={project.chatIds}
        busy={save.isPending}
        onAdd={(ids) =>
          setChats([...project.chatIds, ...ids], `Added ${ids.length} chat${ids.length === 1 ? "" : "s"}`)
        }
      />
      <DeleteProjectDialog project={deleting ? project : null} onClose={() => setDeleting(false)} />
    </div>
  );
}

function DeleteProjectDialog({ project, onClose }: { project: ProjectV1 | null; onClose: () => void }) {
  const remove = useDeleteProject();
  const router = useRouter();
  return (
    <AppDialog
      open={project !== null}
      onOpenChange={(open) => {
        if (!open) {
          remove.reset();
          onClose();
        }
      }}
      title="Delete project?"
      testId="delete-project-dialog"
      focusFirstField
      description={
        <>
          <span className="font-medium text-foreground">{project?.name}</span> is deleted. Its chats stay, outside any
          project.
        </>
      }
    >
      <div className="space-y-4">
        {remove.error ? <ErrorPanel error={remove.error} title="The project was not deleted" /> : null}
        <div className="flex justify-end gap-2">
          <Button onClick={onClose} disabled={remove.isPending} data-autofocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending || project === null}
            onClick={() =>
              project &&
              remove.mutate(project.id, {
                onSuccess: () => {
                  toast.success(`Deleted ${project.name}`);
                  router.push("/projects");
                },
              })
            }
          >
            {remove.isPending ? <Spinner /> : null}
            Delete project
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}
