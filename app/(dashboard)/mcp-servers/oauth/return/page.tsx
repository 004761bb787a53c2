import type { Metadata } from "next";
import { PageBody } from "@/components/layout/page-body";
import { parseOAuthReturn, type SearchParamsRecord } from "@/components/mcp/oauth-return-params";
import { OAuthReturnView } from "@/components/mcp/oauth-return-view";

export const metadata: Metadata = { title: "MCP server connection" };

/** Where the service sends the browser back after the provider (docs/interface.md 6.3). Only its parameters are read. */
export default async function OAuthReturnPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  return (
    <PageBody width="2xl">
      <OAuthReturnView result={parseOAuthReturn(await searchParams)} />
    </PageBody>
  );
}
