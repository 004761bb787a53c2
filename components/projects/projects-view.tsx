"use client";

import { FolderKanban, Plus } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useCanWrite } from "@/lib/hooks/person";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { PageHeader } from "@/components/ui/page-header";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton } from "@/components/ui/skeleton";
import { useProjects } from "@/lib/hooks/use-projects";
import { ProjectDialog } from "./project-dialog";

/** The projects page: each project with its description and how many chats it groups; "New project". */
export function ProjectsView() {
  const { projects, isPending, error, refetch } = useProjects();
  const [creating, setCreating] = useState(false);
  const canWrite = useCanWrite();
  const router = useRouter();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Projects"
        description="Group chats that belong together."
        actions={
          canWrite ? (
            <Button variant="primary" onClick={() => setCreating(true)} data-testid="new-project">
              <Plus className="size-4" aria-hidden />
              New project
            </Button>
          ) : null
        }
      />
      {isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading projects">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : error ? (
        <ErrorPanel error={error} title="Projects could not be loaded" onRetry={() => void refetch()} />
      ) : projects.length === 0 ? (
        <EmptyState icon={FolderKanban} title="No projects yet">
          <p>Create one to group chats — for example everything for one client or one app.</p>
        </EmptyState>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Projects">
          {projects.map((p) => (
            <li key={p.id}>
              <Link
                href={`/projects/${encodeURIComponent(p.id)}`}
                data-testid="project-row"
                data-id={p.id}
                className="flex items-center gap-3 px-4 py-3 hover:bg-muted/60 focus-visible:bg-muted/60"
              >
                <FolderKanban className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{p.name}</span>
                  {p.description ? (
                    <span className="block truncate text-xs text-muted-foreground">{p.description}</span>
                  ) : null}
                </span>
                <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                  {p.chatIds.length} chat{p.chatIds.length === 1 ? "" : "s"}
                </span>
                <RelativeTime
                  iso={p.updatedAt}
                  className="hidden w-24 shrink-0 text-right text-xs text-muted-foreground sm:block"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ProjectDialog
        open={creating}
        onOpenChange={setCreating}
        onSaved={(p) => router.push(`/projects/${encodeURIComponent(p.id)}`)}
      />
    </div>
  );
}
