"use client";

import * as Tabs from "@radix-ui/react-tabs";
import { tabTriggerClass as tabClass } from "@/components/ui/tab-trigger";
import { useState } from "react";
import { LogTab } from "./log-tab";
import { PromptsTab } from "./prompts-tab";
import { ResourcesTab } from "./resources-tab";
import { ToolsTab } from "./tools-tab";

const TABS = [
  ["tools", "Tools"],
  ["resources", "Resources"],
  ["prompts", "Prompts"],
  ["log", "Log"],
] as const;

/**
 * The MCP server's explorer on its page: Tools, Resources, Prompts and Log tabs (the embedded service's extension
 * endpoints). A tab loads when first opened; a deployment without the explorer says so in each tab.
 */
export function McpExplorer({ mcpServerId }: { mcpServerId: string }) {
  const [tab, setTab] = useState<string>("tools");
  return (
    <Tabs.Root value={tab} onValueChange={setTab} className="space-y-4" data-testid="mcp-explorer">
      <Tabs.List aria-label="Explore the server" className="flex border-b border-border">
        {TABS.map(([value, label]) => (
          <Tabs.Trigger key={value} value={value} className={tabClass}>
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="tools">{tab === "tools" ? <ToolsTab mcpServerId={mcpServerId} /> : null}</Tabs.Content>
      <Tabs.Content value="resources">
        {tab === "resources" ? <ResourcesTab mcpServerId={mcpServerId} /> : null}
      </Tabs.Content>
      <Tabs.Content value="prompts">{tab === "prompts" ? <PromptsTab mcpServerId={mcpServerId} /> : null}</Tabs.Content>
      <Tabs.Content value="log">{tab === "log" ? <LogTab mcpServerId={mcpServerId} /> : null}</Tabs.Content>
    </Tabs.Root>
  );
}
