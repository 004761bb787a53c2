import type { z } from "zod";
import { describeZodError } from "./error-body";
import { errorFromResponse, ServiceError } from "./errors";
import {
  AsyncChatRef,
  ChatFiles,
  ChatList,
  ChatWithUsage,
  Chat,
  HostProject,
  Message,
  MessageList,
  Preview,
  type CreateChatBody,
  type ResolveBody,
  type SendMessageBody,
  type StreamEvent,
} from "./schemas";
import { readSseEvents } from "./sse";

/**
 * Typed client of the v2 chat interface (spec Part 4, response modes by path as in DESIGN 1). Every
 * response body is validated with the lib/api schema; a non-2xx becomes a ServiceError (see errors.ts for
 * the statuses this client makes up itself); stream calls throw before yielding when the status is not 2xx.
 */

export interface ClientOptions {
  /** `{base_url}`, absolute ("https://svc.example/api") or relative like "/api/service"; no trailing slash needed. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`; omit it behind the dashboard's proxy. */
  apiKey?: string;
  /** Transport (defaults to the global fetch). */
  fetch?: typeof fetch;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
}

export interface PageQuery {
  limit?: number;
  cursor?: string | null;
}

export interface StreamCallOptions {
  signal?: AbortSignal;
}

export interface ServiceClient {
  /** POST /v2/chats (sync): the chat with the usage of its first answer. */
  createChat(body: CreateChatBody): Promise<ChatWithUsage>;
  /** POST /v2/chats/stream: the 6.2 events. */
  createChatStream(body: CreateChatBody, o?: StreamCallOptions): Promise<AsyncGenerator<StreamEvent>>;
  /** POST /v2/chats/async (202). */
  createChatAsync(body: CreateChatBody): Promise<AsyncChatRef>;
  /** GET /v2/chats?limit&cursor, newest first. */
  listChats(q?: PageQuery): Promise<ChatList>;
  getChat(chatId: string): Promise<Chat>;
  /** GET /v2/chats/{chatId}/messages?limit&cursor, newest first. */
  listMessages(chatId: string, q?: PageQuery): Promise<MessageList>;
  getMessage(chatId: string, messageId: string): Promise<Message>;
  /** POST …/messages (sync): the completed assistant message. */
  sendMessage(chatId: string, body: SendMessageBody): Promise<Message>;
  sendMessageStream(chatId: string, body: SendMessageBody, o?: StreamCallOptions): Promise<AsyncGenerator<StreamEvent>>;
  sendMessageAsync(chatId: string, body: SendMessageBody): Promise<AsyncChatRef>;
  /** POST …/messages/resolve (sync): the new assistant message (our choice, DESIGN). */
  resolve(chatId: string, body: ResolveBody): Promise<Message>;
  resolveStream(chatId: string, body: ResolveBody, o?: StreamCallOptions): Promise<AsyncGenerator<StreamEvent>>;
  resolveAsync(chatId: string, body: ResolveBody): Promise<AsyncChatRef>;
  getFiles(chatId: string): Promise<ChatFiles>;
  /** null while the preview is not ready. */
  getPreview(chatId: string): Promise<Preview>;
  createHostProject(chatId: string): Promise<HostProject>;
}

type Method = "GET" | "POST";

interface Call {
  method: Method;
  path: string;
  query?: PageQuery;
  body?: unknown;
  signal?: AbortSignal;
  accept?: string;
}

const seg = encodeURIComponent;

function queryString(q: PageQuery | undefined): string {
  if (!q) return "";
  const params = new URLSearchParams();
  if (q.limit !== undefined) params.set("limit", String(q.limit));
  if (q.cursor !== undefined && q.cursor !== null) params.set("cursor", q.cursor);
  const s = params.toString();
  return s ? `?${s}` : "";
}

function invalidResponse(what: string, detail: string, body: unknown, cause?: unknown): ServiceError {
  return new ServiceError({
    status: 502,
    code: "invalid_response",
    message: `invalid response from ${what}: ${detail}`,
    body,
    cause,
  });
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return (signal?.aborted ?? false) || (error instanceof Error && error.name === "AbortError");
}

export function createServiceClient(opts: ClientOptions): ServiceClient {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const transport: typeof fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function send(call: Call): Promise<Response> {
    const headers = new Headers(opts.headers);
    headers.set("accept", call.accept ?? "application/json");
    if (opts.apiKey) headers.set("authorization", `Bearer ${opts.apiKey}`);
    if (call.body !== undefined) headers.set("content-type", "application/json");
    let res: Response;
    try {
      res = await transport(`${base}${call.path}${queryString(call.query)}`, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: call.signal,
      });
    } catch (error) {
      if (isAbort(error, call.signal)) throw error;
      throw new ServiceError({
        status: 0,
        code: "network_error",
        message: `${call.method} ${call.path} failed: ${(error as Error)?.message ?? String(error)}`,
        cause: error,
      });
    }
    if (!res.ok) throw await errorFromResponse(res);
    return res;
  }

  async function json<S extends z.ZodType>(schema: S, call: Call): Promise<z.infer<S>> {
    const res = await send(call);
    const what = `${call.method} ${call.path}`;
    const text = await res.text();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw invalidResponse(what, `body is not JSON (${text.slice(0, 80) || "empty"})`, text, error);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw invalidResponse(what, describeZodError(parsed.error), data, parsed.error);
    return parsed.data;
  }

  async function stream(call: Call): Promise<AsyncGenerator<StreamEvent>> {
    const res = await send({ ...call, accept: "text/event-stream" });
    const type = res.headers.get("content-type");
    if (!res.body || (type !== null && !type.toLowerCase().startsWith("text/event-stream"))) {
      const text = await res.text().catch(() => "");
      throw invalidResponse(`${call.method} ${call.path}`, `expected text/event-stream, got ${type ?? "no body"}`, text);
    }
    return readSseEvents(res.body, { signal: call.signal });
  }

  const chat = (chatId: string) => `/v2/chats/${seg(chatId)}`;

  return {
    createChat: (body) => json(ChatWithUsage, { method: "POST", path: "/v2/chats", body }),
    createChatStream: (body, o) => stream({ method: "POST", path: "/v2/chats/stream", body, signal: o?.signal }),
    createChatAsync: (body) => json(AsyncChatRef, { method: "POST", path: "/v2/chats/async", body }),
    listChats: (q) => json(ChatList, { method: "GET", path: "/v2/chats", query: q }),
    getChat: (chatId) => json(Chat, { method: "GET", path: chat(chatId) }),
    listMessages: (chatId, q) => json(MessageList, { method: "GET", path: `${chat(chatId)}/messages`, query: q }),
    getMessage: (chatId, messageId) =>
      json(Message, { method: "GET", path: `${chat(chatId)}/messages/${seg(messageId)}` }),
    sendMessage: (chatId, body) => json(Message, { method: "POST", path: `${chat(chatId)}/messages`, body }),
    sendMessageStream: (chatId, body, o) =>
      stream({ method: "POST", path: `${chat(chatId)}/messages/stream`, body, signal: o?.signal }),
    sendMessageAsync: (chatId, body) =>
      json(AsyncChatRef, { method: "POST", path: `${chat(chatId)}/messages/async`, body }),
    resolve: (chatId, body) => json(Message, { method: "POST", path: `${chat(chatId)}/messages/resolve`, body }),
    resolveStream: (chatId, body, o) =>
      stream({ method: "POST", path: `${chat(chatId)}/messages/resolve/stream`, body, signal: o?.signal }),
    resolveAsync: (chatId, body) =>
      json(AsyncChatRef, { method: "POST", path: `${chat(chatId)}/messages/resolve/async`, body }),
    getFiles: (chatId) => json(ChatFiles, { method: "GET", path: `${chat(chatId)}/files` }),
    getPreview: (chatId) => json(Preview, { method: "GET", path: `${chat(chatId)}/preview` }),
    createHostProject: (chatId) => json(HostProject, { method: "POST", path: `${chat(chatId)}/host-project` }),
  };
}
