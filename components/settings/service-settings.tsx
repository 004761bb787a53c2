import { KeyRound, Server } from "lucide-react";
import type { ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { AgentRow, type AgentFacts } from "./agent-row";
import { CommandsRow } from "./commands-row";
import { SettingsSection } from "./settings-section";

/** What the page may show of the upstream (from the server; never the key). */
export interface ServiceFacts {
  embedded: boolean;
  /** "Embedded service" or the upstream's host. */
  label: string;
  baseUrl: string;
  /** Where the embedded service keeps its data; null for an external service. */
  storage: string | null;
  /** The embedded service's OAuth client metadata document (for registering it with an MCP server's provider). */
  clientMetadataUrl: string | null;
  /** The embedded service's own MCP endpoint ({mcp_url}); null for an external service. */
  mcpUrl: string | null;
  appUrl: string;
  /** The embedded service's agent: null for an external service. */
  agent: AgentFacts | null;
  /** Which wire the embedded service speaks (EMBEDDED_WIRE); null for an external service. */
  wire?: "spec" | "document" | null;
}

function Row({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Address({ value }: { value: string }) {
  return (
    <span className="flex min-w-0 items-center gap-1">
      <code className="truncate font-mono text-xs" title={value}>
        {value}
      </code>
      <CopyButton value={value} label={`Copy ${value}`} />
    </span>
  );
}

/** The upstream service, how it is reached, and where its data lives. Configured by environment variables (docs/configuration.md). */
export function ServiceSettings({ facts }: { facts: ServiceFacts }) {
  return (
    <SettingsSection
      id="service"
      title="Service"
      description="Set on the server with environment variables (SERVICE_BASE_URL, SERVICE_API_KEY, DATABASE_URL, APP_URL); restart to change them."
    >
      <dl className="divide-y divide-border text-sm">
        <Row term="Upstream" testId="settings-upstream">
          <span className="inline-flex items-center gap-2">
            <Server className="size-4 text-muted-foreground" aria-hidden />
            {facts.label}
            {facts.embedded ? (
              <span className="text-xs text-muted-foreground">(built in, no account needed)</span>
            ) : null}
          </span>
        </Row>
        <Row term="Base URL">
          <Address value={facts.baseUrl} />
        </Row>
        <Row term="API key">
          <span className="inline-flex items-center gap-2">
            <KeyRound className="size-4 text-muted-foreground" aria-hidden />
            Held on the server; the browser only talks to this dashboard&apos;s signed-in proxy.
          </span>
        </Row>
        {facts.storage ? <Row term="Embedded data">{facts.storage}</Row> : null}
        {facts.wire ? (
          <Row term="Wire" testId="settings-wire">
            {facts.wire === "document"
              ? "The real service's document (EMBEDDED_WIRE=document)"
              : "The interface's spec (EMBEDDED_WIRE=spec, the default)"}
          </Row>
        ) : null}
        {facts.agent ? (
          <Row term="Agent" testId="settings-agent">
            <AgentRow agent={facts.agent} />
          </Row>
        ) : null}
        {facts.agent?.kind === "model" ? (
          <Row term="Commands" testId="settings-commands">
            <CommandsRow commands={facts.agent.commands} />
          </Row>
        ) : null}
        {facts.mcpUrl ? (
          <Row term="MCP endpoint">
            <Address value={facts.mcpUrl} />
            <p className="mt-1 text-xs text-muted-foreground">
              Point an MCP client at it with the service&apos;s API key as a bearer token.
            </p>
          </Row>
        ) : null}
        {facts.clientMetadataUrl ? (
          <Row term="OAuth client metadata">
            <Address value={facts.clientMetadataUrl} />
          </Row>
        ) : null}
        <Row term="Dashboard address (APP_URL)">
          <Address value={facts.appUrl} />
        </Row>
      </dl>
    </SettingsSection>
  );
}
