"use client";

import { ProjectsView } from "@/components/projects/projects-view";

export function ProjectsPageClient() {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ProjectsView />
      </div>
    </div>
  );
}
