import type { Metadata } from "next";
import { PageBody } from "@/components/layout/page-body";
import { McpServersView } from "@/components/mcp/mcp-servers-view";

export const metadata: Metadata = { title: "MCP servers" };

export default function McpServersPage() {
  return (
    <PageBody width="3xl">
      <McpServersView />
    </PageBody>
  );
}
