"use client";

import { McpServerDetail } from "@/components/mcp/mcp-server-detail";

export function McpServerPageClient({ mcpServerId }: { mcpServerId: string }) {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-3xl px-4 py-8">
        <McpServerDetail mcpServerId={mcpServerId} />
      </div>
    </div>
  );
}
