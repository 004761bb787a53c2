"use client";

import { ProjectDetail } from "@/components/projects/project-detail";

export function ProjectPageClient({ projectId }: { projectId: string }) {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ProjectDetail projectId={projectId} />
      </div>
    </div>
  );
}
