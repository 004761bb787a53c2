import { z } from "zod";

/**
 * The MCP explorer (our extension endpoints of the embedded service, hidden when a deployment lacks them): a
 * registered MCP server's tools, resources and prompts, used through the service with the server's stored auth, and
 * its connection log. Answers carry what the MCP server said (MCP 2025-06-18 shapes), so the objects are open: an
 * MCP server may add fields.
 */

const JsonObject = z.record(z.string(), z.unknown());

/** One MCP content block: `text`, `image`, `audio`, `resource_link`, `resource`, …, kept whole. */
export const McpContentBlock = z.looseObject({ type: z.string() });
export type McpContentBlock = z.infer<typeof McpContentBlock>;

export const McpToolInfo = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: JsonObject,
  outputSchema: JsonObject.optional(),
  annotations: JsonObject.optional(),
});
export type McpToolInfo = z.infer<typeof McpToolInfo>;
/** GET /v2/mcp-servers/{id}/tools */
export const McpToolList = z.object({ tools: z.array(McpToolInfo) });
export type McpToolList = z.infer<typeof McpToolList>;

/** POST /v2/mcp-servers/{id}/tools/call */
export const CallMcpToolBody = z.object({
  name: z.string().min(1).max(200),
  arguments: JsonObject.default({}),
});
export type CallMcpToolBody = z.input<typeof CallMcpToolBody>;
/** The MCP result: `isError` true is the tool's own failure (refused arguments included), still a 200. */
export const McpToolResult = z.looseObject({
  content: z.array(McpContentBlock),
  structuredContent: JsonObject.optional(),
  isError: z.boolean(),
});
export type McpToolResult = z.infer<typeof McpToolResult>;

const McpResourceInfo = z.looseObject({
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});
/** GET /v2/mcp-servers/{id}/resources (empty when the server offers none) */
export const McpResourceList = z.object({ resources: z.array(McpResourceInfo) });
export type McpResourceList = z.infer<typeof McpResourceList>;

/** POST /v2/mcp-servers/{id}/resources/read */
export const ReadMcpResourceBody = z.object({ uri: z.string().min(1).max(2000) });
const McpResourceContent = z.looseObject({
  uri: z.string(),
  mimeType: z.string().optional(),
  text: z.string().optional(),
  /** base64 */
  blob: z.string().optional(),
});
export const McpResourceContents = z.object({ contents: z.array(McpResourceContent) });
export type McpResourceContents = z.infer<typeof McpResourceContents>;

export const McpPromptInfo = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z
    .array(z.looseObject({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() }))
    .optional(),
});
export type McpPromptInfo = z.infer<typeof McpPromptInfo>;
/** GET /v2/mcp-servers/{id}/prompts (empty when the server offers none) */
export const McpPromptList = z.object({ prompts: z.array(McpPromptInfo) });
export type McpPromptList = z.infer<typeof McpPromptList>;

/** POST /v2/mcp-servers/{id}/prompts/get (MCP prompt arguments are strings) */
export const GetMcpPromptBody = z.object({
  name: z.string().min(1).max(200),
  arguments: z.record(z.string(), z.string()).default({}),
});
export type GetMcpPromptBody = z.input<typeof GetMcpPromptBody>;
export const McpPromptResult = z.looseObject({
  description: z.string().optional(),
  messages: z.array(z.looseObject({ role: z.string(), content: McpContentBlock })),
});
export type McpPromptResult = z.infer<typeof McpPromptResult>;

/** One step of connecting to or using the server, secrets redacted; `durationMs` when it was timed. */
export const McpLogEntry = z.object({
  at: z.string(),
  step: z.string(),
  ok: z.boolean(),
  detail: z.string(),
  durationMs: z.number().int().nonnegative().optional(),
});
export type McpLogEntry = z.infer<typeof McpLogEntry>;
/** GET /v2/mcp-servers/{id}/log: the last 100 entries, oldest first. */
export const McpConnectionLog = z.object({ entries: z.array(McpLogEntry) });
export type McpConnectionLog = z.infer<typeof McpConnectionLog>;
