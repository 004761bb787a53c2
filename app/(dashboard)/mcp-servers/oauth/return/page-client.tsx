"use client";

import type { OAuthReturn } from "@/components/mcp/oauth-return-params";
import { OAuthReturnView } from "@/components/mcp/oauth-return-view";

export function OAuthReturnPageClient({ result }: { result: OAuthReturn }) {
  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto max-w-2xl px-4 py-10">
        <OAuthReturnView result={result} />
      </div>
    </div>
  );
}
