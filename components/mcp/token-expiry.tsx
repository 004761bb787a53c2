"use client";

import { RelativeTime } from "@/components/ui/relative-time";
import { useNow } from "@/lib/hooks/use-now";
import type { McpServer } from "@/lib/api/lenient/mcp";

/** "Token expires in 4 min" / "Token expired 2 min ago — refreshed on next use", when the record says. */
export function TokenExpiry({ server }: { server: McpServer }) {
  const now = useNow();
  const expiresAt = server.auth.expiresAt;
  if (!server.auth.connected || !expiresAt || Number.isNaN(Date.parse(expiresAt))) return null;
  const expired = Date.parse(expiresAt) <= now;
  return (
    <span className="text-xs text-muted-foreground" data-testid="mcp-token-expiry">
      {expired ? "Token expired " : "Token expires "}
      <RelativeTime iso={expiresAt} />
      {expired ? " — refreshed automatically on next use" : null}
    </span>
  );
}
