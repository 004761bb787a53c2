import type { Metadata } from "next";
import { decodeSegment } from "../../route-param";
import { PageBody } from "@/components/layout/page-body";
import { McpServerDetail } from "@/components/mcp/mcp-server-detail";

export const metadata: Metadata = { title: "MCP server" };

export default async function McpServerPage({ params }: { params: Promise<{ mcpServerId: string }> }) {
  const { mcpServerId } = await params;
  return (
    <PageBody width="4xl">
      <McpServerDetail mcpServerId={decodeSegment(mcpServerId)} />
    </PageBody>
  );
}
