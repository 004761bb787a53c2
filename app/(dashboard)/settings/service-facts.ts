import "server-only";
import type { AgentFacts } from "@/components/settings/agent-row";
import type { ServiceFacts } from "@/components/settings/service-settings";
import { getConfig, type AppConfig } from "@/lib/server/config";
import { commandFacts } from "@/app/_wiring/command-sandbox";
import { upstreamLabel } from "../upstream";

/** What the settings page may say about the upstream and storage: addresses and kinds, never a key or a password. */
export function serviceFacts(config: AppConfig = getConfig()): ServiceFacts {
  const embedded = config.embedded || !config.serviceBaseUrl;
  const base = embedded ? `${config.appUrl}/svc` : config.serviceBaseUrl!;
  return {
    embedded,
    label: upstreamLabel(config).label,
    baseUrl: base,
    storage: !embedded ? null : config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : "PGlite in DATA_DIR",
    clientMetadataUrl: embedded ? `${base}/oauth/client-metadata.json` : null,
    mcpUrl: embedded ? `${base}/mcp` : null,
    appUrl: config.appUrl,
    agent: !embedded ? null : agentFacts(config.agent),
    wire: embedded ? config.embeddedWire : null,
  };
}

/** The agent's API address without any credentials in it, and the model names it is sent. */
function agentFacts(agent: AppConfig["agent"]): AgentFacts {
  if (!agent) return { kind: "scripted" };
  const url = new URL(agent.baseUrl);
  url.username = "";
  url.password = "";
  return {
    kind: "model",
    baseUrl: url.toString().replace(/\/$/, ""),
    model: agent.model,
    models: { ...agent.models },
    commands: commandFacts(agent),
  };
}
