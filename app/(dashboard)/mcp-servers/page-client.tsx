"use client";

import { McpServersView } from "@/components/mcp/mcp-servers-view";

export function McpServersPageClient() {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-3xl px-4 py-8">
        <McpServersView />
      </div>
    </div>
  );
}
