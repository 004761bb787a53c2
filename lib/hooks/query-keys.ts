/** TanStack Query keys of the dashboard's service data. */
export const queryKeys = {
  chats: () => ["chats"] as const,
  chat: (chatId: string) => ["chat", chatId] as const,
  messages: (chatId: string) => ["messages", chatId] as const,
  /** One message polled by id (async mode, resuming a generation); not under `messages` so list invalidations skip it. */
  message: (chatId: string, messageId: string) => ["message", chatId, messageId] as const,
  /** The MCP server list; `mcpServer` keys share its prefix, so invalidating this refreshes both. */
  mcpServers: () => ["mcp-servers"] as const,
  mcpServer: (mcpServerId: string) => ["mcp-servers", mcpServerId] as const,
  /** v1 projects; `project` keys share the prefix. */
  projects: () => ["projects"] as const,
  project: (projectId: string) => ["projects", projectId] as const,
};
