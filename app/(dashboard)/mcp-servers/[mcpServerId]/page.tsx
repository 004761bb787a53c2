import type { Metadata } from "next";
import { McpServerPageClient } from "./page-client";

export const metadata: Metadata = { title: "MCP server" };

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export default async function McpServerPage({ params }: { params: Promise<{ mcpServerId: string }> }) {
  const { mcpServerId } = await params;
  return <McpServerPageClient mcpServerId={decodeSegment(mcpServerId)} />;
}
