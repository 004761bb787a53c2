import type { Metadata } from "next";
import { PageBody } from "@/components/layout/page-body";
import { ProjectsView } from "@/components/projects/projects-view";

export const metadata: Metadata = { title: "Projects" };

export default function ProjectsPage() {
  return (
    <PageBody width="3xl">
      <ProjectsView />
    </PageBody>
  );
}
