import type { Metadata } from "next";
import { parseOAuthReturn, type SearchParamsRecord } from "@/components/mcp/oauth-return-params";
import { OAuthReturnPageClient } from "./page-client";

export const metadata: Metadata = { title: "MCP server connection" };

/** Where the service sends the browser back after the provider (spec 6.3). Only the spec's parameters are read. */
export default async function OAuthReturnPage({ searchParams }: { searchParams: Promise<SearchParamsRecord> }) {
  return <OAuthReturnPageClient result={parseOAuthReturn(await searchParams)} />;
}
