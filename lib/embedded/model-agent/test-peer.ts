import { expect } from "vitest";
import { ChatFiles, Message, MessageList, type Part } from "@/lib/api";
import { startOpenAiPeer, type OpenAiPeer } from "@/e2e/peers/openai-peer";
import { serveOverHttp } from "../mcp/test-http";
import type { EmbeddedOptions } from "../service";
import { expectSchema, readAll, startService, TEST_KEY } from "../test-support";
import type { ModelAgentOptions } from "./options";

/**
 * The embedded service over real HTTP with its model-backed agent pointed at the scripted OpenAI-compatible peer
 * (e2e/peers/openai-peer.ts), and helpers to drive it (not a test file).
 */
export interface ModelHarness {
  peer: OpenAiPeer;
  baseUrl: string;
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** POST with the stream path: every event. */
  stream(path: string, body: unknown): Promise<Array<{ object: string; [key: string]: unknown }>>;
  messages(chatId: string): Promise<Message[]>;
  files(chatId: string): Promise<ChatFiles["files"]>;
  close(): Promise<void>;
}

export async function startModelHarness(
  agent: Partial<ModelAgentOptions> = {},
  service: Partial<EmbeddedOptions> = {},
): Promise<ModelHarness> {
  const peer = await startOpenAiPeer({ apiKey: "sk-peer" });
  const served = await serveOverHttp((publicBaseUrl) =>
    startService({
      publicBaseUrl,
      modelAgent: {
        baseUrl: peer.baseUrl,
        model: "peer-coder",
        models: { "svc-mini": "peer-mini" },
        apiKey: "sk-peer",
        creditsPerMTok: null,
        allowCommands: false,
        timeoutMs: 20_000,
        maxSteps: 8,
        ...agent,
      },
      ...service,
    }),
  );
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${served.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${TEST_KEY}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await send(method, path, body);
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  return {
    peer,
    baseUrl: served.baseUrl,
    api,
    stream: async (path, body) => {
      const res = await send("POST", path, body);
      expect(res.status).toBe(200);
      return (await readAll(res)) as unknown as Array<{ object: string; [key: string]: unknown }>;
    },
    messages: async (chatId) => {
      const res = await api("GET", `/v2/chats/${chatId}/messages`);
      expect(res.status).toBe(200);
      return [...expectSchema(MessageList, res.body).messages].reverse();
    },
    files: async (chatId) => {
      const res = await api("GET", `/v2/chats/${chatId}/files`);
      expect(res.status).toBe(200);
      return expectSchema(ChatFiles, res.body).files;
    },
    close: async () => {
      await served.close();
      await peer.close();
    },
  };
}

/** The parts without their times (for comparing shapes). */
export const shapes = (parts: readonly Part[] | undefined) =>
  (parts ?? []).map(({ startedAt: _s, finishedAt: _f, ...rest }) => rest);

/** The tool results the agent sent back in a peer request, by tool call id. */
export function toolResults(request: {
  body: { messages: Array<{ role: string; content?: unknown; tool_call_id?: string }> };
}) {
  return Object.fromEntries(
    request.body.messages.filter((m) => m.role === "tool").map((m) => [m.tool_call_id!, String(m.content)]),
  );
}
