import "server-only";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ACTING_AS_HEADER, Privacy } from "@/lib/api";

/**
 * The service's own remote MCP endpoint (interface.md 4.6) at `{mcp_url}` = `{base_url}/mcp`: a stateless Streamable HTTP
 * MCP server whose tools are backed by the v2 endpoints — each tool call is a request to this service's own router
 * (with the service's key acting as the person the router found: the one who consented to the token), so validation,
 * roles, errors and webhooks are exactly those of the HTTP API. Tools that
 * return a chat add `url`, where the chat opens in the dashboard.
 */
interface RemoteMcpOptions {
  /** The service's own router: tool calls become requests to it. */
  handle: (req: Request) => Promise<Response>;
  /** The service's API key: tool calls are the service's own requests, acting as the caller (ACTING_AS_HEADER). */
  apiKey: string;
  /** The service's {base_url}. */
  publicBaseUrl: string;
  /** Where a chat opens for a person (the dashboard's chat page); none: no `url`. */
  chatUrl?: (chatId: string) => string;
}

type Call = (method: string, path: string, body?: unknown) => Promise<CallToolResult>;

const seg = encodeURIComponent;
const page = { limit: z.number().int().min(1).max(100).optional(), cursor: z.string().optional() };
const query = (p: { limit?: number; cursor?: string }) => {
  const q = new URLSearchParams();
  if (p.limit !== undefined) q.set("limit", String(p.limit));
  if (p.cursor) q.set("cursor", p.cursor);
  const s = q.toString();
  return s ? `?${s}` : "";
};

function buildServer(call: Call): McpServer {
  const mcp = new McpServer({ name: "atelier-embedded-service", version: "1.0.0" });
  mcp.registerTool(
    "create_chat",
    {
      title: "Create a chat",
      description:
        "Starts a chat with the agent and waits for its first answer (POST /v2/chats). Returns the chat, its usage and url.",
      inputSchema: { message: z.string().min(1), privacy: Privacy.optional() },
    },
    ({ message, privacy }) => call("POST", "/v2/chats", { message, ...(privacy ? { privacy } : {}) }),
  );
  mcp.registerTool(
    "list_chats",
    {
      title: "List chats",
      description: "The chats, newest first, a page at a time (GET /v2/chats).",
      inputSchema: page,
    },
    (p) => call("GET", `/v2/chats${query(p)}`),
  );
  mcp.registerTool(
    "get_chat",
    {
      title: "Get a chat",
      description: "One chat with its url (GET /v2/chats/{chatId}).",
      inputSchema: { chatId: z.string().min(1) },
    },
    ({ chatId }) => call("GET", `/v2/chats/${seg(chatId)}`),
  );
  mcp.registerTool(
    "list_messages",
    {
      title: "List messages",
      description: "A chat's messages, newest first, a page at a time (GET /v2/chats/{chatId}/messages).",
      inputSchema: { chatId: z.string().min(1), ...page },
    },
    ({ chatId, ...p }) => call("GET", `/v2/chats/${seg(chatId)}/messages${query(p)}`),
  );
  mcp.registerTool(
    "send_message",
    {
      title: "Send a message",
      description: "Sends a follow-up and waits for the agent's answer (POST /v2/chats/{chatId}/messages).",
      inputSchema: { chatId: z.string().min(1), message: z.string().min(1) },
    },
    ({ chatId, message }) => call("POST", `/v2/chats/${seg(chatId)}/messages`, { message }),
  );
  mcp.registerTool(
    "get_preview",
    {
      title: "Get the preview",
      description:
        "The preview URL of the chat's latest completed version, or null before one exists (GET /v2/chats/{chatId}/preview).",
      inputSchema: { chatId: z.string().min(1) },
    },
    ({ chatId }) => call("GET", `/v2/chats/${seg(chatId)}/preview`),
  );
  return mcp;
}

/** Adds `url` to what carries a chat: a Chat, `{chat, usage}`, or a chats list. */
function withChatUrls(body: unknown, chatUrl: ((id: string) => string) | undefined): unknown {
  if (!chatUrl || typeof body !== "object" || body === null) return body;
  const b = body as Record<string, unknown>;
  const add = (chat: unknown) =>
    typeof chat === "object" && chat !== null && typeof (chat as { id?: unknown }).id === "string"
      ? { ...(chat as object), url: chatUrl((chat as { id: string }).id) }
      : chat;
  if (Array.isArray(b.chats)) return { ...b, chats: b.chats.map(add) };
  if (b.chat) return { ...b, chat: add(b.chat) };
  if (typeof b.id === "string" && typeof b.privacy === "string") return add(b);
  return body;
}

/**
 * Handles one request to `{mcp_url}`, already authorized by the router (an OAuth access token, or a key if allowed),
 * its tool calls acting as `personId` (the token's person, or the key's).
 */
export function createRemoteMcpEndpoint(opts: RemoteMcpOptions): (req: Request, personId: string) => Promise<Response> {
  const base = opts.publicBaseUrl.replace(/\/+$/, "");
  return async (req, personId) => {
    const authorization = `Bearer ${opts.apiKey}`;
    const call: Call = async (method, path, body) => {
      const res = await opts.handle(
        new Request(`${base}${path}`, {
          method,
          headers: {
            authorization,
            [ACTING_AS_HEADER]: personId,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
      const data: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const message = (data as { message?: string } | null)?.message ?? `HTTP ${res.status}`;
        return {
          isError: true,
          content: [{ type: "text", text: `${method} ${path} failed (${res.status}): ${message}` }],
        };
      }
      const result = withChatUrls(data, opts.chatUrl);
      return {
        content: [{ type: "text", text: JSON.stringify(result, null, 2) }],
        ...(result && typeof result === "object" && !Array.isArray(result)
          ? { structuredContent: result as Record<string, unknown> }
          : {}),
      };
    };
    const mcp = buildServer(call);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await mcp.connect(transport);
    try {
      return await transport.handleRequest(req);
    } finally {
      void transport.close();
      void mcp.close();
    }
  };
}
