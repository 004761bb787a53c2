import type { Metadata } from "next";
import { McpServerPageClient } from "./page-client";
import { decodeSegment } from "../../route-param";

export const metadata: Metadata = { title: "MCP server" };

export default async function McpServerPage({ params }: { params: Promise<{ mcpServerId: string }> }) {
  const { mcpServerId } = await params;
  return <McpServerPageClient mcpServerId={decodeSegment(mcpServerId)} />;
}
