import type { Metadata } from "next";
import { decodeSegment } from "../../route-param";
import { PageBody } from "@/components/layout/page-body";
import { ProjectDetail } from "@/components/projects/project-detail";

export const metadata: Metadata = { title: "Project" };

export default async function ProjectPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return (
    <PageBody width="3xl">
      <ProjectDetail projectId={decodeSegment(projectId)} />
    </PageBody>
  );
}
