"use client";

import Link from "next/link";
import { toast } from "sonner";
import { Spinner } from "@/components/ui/spinner";
import { useCanWrite } from "@/lib/hooks/person";
import { useProjects, useSaveProject } from "@/lib/hooks/use-projects";

const NONE = "";

/** The chat's project in the Details tab: a select that moves the chat into a project, to another, or out. */
export function ChatProjectPicker({ chatId }: { chatId: string }) {
  const { projects, isPending, error } = useProjects();
  const save = useSaveProject();
  const canWrite = useCanWrite();
  if (isPending) return <Spinner label="Loading projects" />;
  if (error) return <span className="text-muted-foreground">Projects could not be loaded: {error.message}</span>;
  const current = projects.find((p) => p.chatIds.includes(chatId)) ?? null;
  if (!canWrite) return <span>{current ? current.name : "No project"}</span>;
  const move = (targetId: string) => {
    const target = projects.find((p) => p.id === targetId);
    const from = current;
    const project = target ?? from;
    if (!project) return;
    const chatIds = target ? [...target.chatIds, chatId] : project.chatIds.filter((id) => id !== chatId);
    save.mutate(
      {
        id: project.id,
        body: { name: project.name, ...(project.description ? { description: project.description } : {}), chatIds },
      },
      {
        onSuccess: () =>
          toast.success(target ? `Moved to ${target.name}` : `Removed from ${from?.name ?? "the project"}`),
        onError: (e) => toast.error(`The chat was not moved: ${e.message}`),
      },
    );
  };
  return (
    <span className="flex min-w-0 items-center gap-2">
      <select
        aria-label="Project"
        data-testid="chat-project"
        value={current?.id ?? NONE}
        disabled={save.isPending}
        onChange={(e) => move(e.target.value)}
        className="h-7 min-w-0 rounded-md border border-input bg-background px-2 text-xs"
      >
        <option value={NONE}>No project</option>
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      {save.isPending ? <Spinner className="size-3.5" /> : null}
      {current ? (
        <Link href={`/projects/${encodeURIComponent(current.id)}`} className="truncate text-xs hover:underline">
          Open
        </Link>
      ) : null}
      {!projects.length ? (
        <Link href="/projects" className="text-xs text-muted-foreground hover:underline">
          Create a project
        </Link>
      ) : null}
    </span>
  );
}
