import type { Metadata } from "next";
import { McpServersPageClient } from "./page-client";

export const metadata: Metadata = { title: "MCP servers" };

export default function McpServersPage() {
  return <McpServersPageClient />;
}
