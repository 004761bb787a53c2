import type { Metadata } from "next";
import { ProjectsPageClient } from "./page-client";

export const metadata: Metadata = { title: "Projects" };

export default function ProjectsPage() {
  return <ProjectsPageClient />;
}
