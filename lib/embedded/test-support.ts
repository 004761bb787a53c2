import { afterAll, beforeAll, expect } from "vitest";
import type { z } from "zod";
import { PREVIEW_TOKEN_HEADER } from "@/lib/api/preview-origin";
import { readSseEvents } from "@/lib/api/sse";
import {
  Chat,
  ChatFiles,
  createServiceClient,
  createServiceClientV1,
  Message,
  MessageList,
  type StreamEvent,
} from "@/lib/api";
import { ChatV1, VersionListV1, VersionV1 } from "@/lib/api/schemas/v1";
import { isPass, passAsResponse } from "./preview/pass";
import { createEmbeddedService, type EmbeddedOptions, type EmbeddedService } from "./service";

/** Helpers for tests that drive the embedded service with real Requests (not a test file itself). */

export const TEST_KEY = "sk_test_embedded_key";
export const BASE = "http://svc.test/svc";

export async function startService(over: Partial<EmbeddedOptions> = {}): Promise<EmbeddedService> {
  return createEmbeddedService({
    apiKey: TEST_KEY,
    dataDir: "memory://",
    publicBaseUrl: BASE,
    agentDelayMs: 0,
    // The test peers listen on 127.0.0.1.
    fetchAllowPrivate: true,
    ...over,
  });
}

/**
 * One service for the calling test file: started before its first test and closed after its last (vitest's
 * beforeAll / afterAll, registered by this call). What it returns stands for that service and may be used only while
 * the file's tests run, like a variable set in beforeAll.
 */
export function serviceForFile(over: Partial<EmbeddedOptions> = {}): EmbeddedService {
  let started: EmbeddedService | undefined;
  beforeAll(async () => {
    started = await startService(over);
  });
  afterAll(() => started?.close());
  const service = (): EmbeddedService => {
    if (!started) throw new Error("The test file's service is used before its beforeAll started it.");
    return started;
  };
  // Every member of the service, read from the started one when used (so a member added to the service needs nothing here).
  return new Proxy({} as EmbeddedService, {
    get(_target, member) {
      const svc = service();
      const value: unknown = Reflect.get(svc, member, svc);
      return typeof value === "function" ? value.bind(svc) : value;
    },
  });
}

/** The service's handler as a client's network (in-process, no socket). */
const handlerFetch = (svc: EmbeddedService) => (input: RequestInfo | URL, init?: RequestInit) =>
  svc.handle(new Request(input, init));

/** lib/api's v2 client, as the dashboard makes it, with the service as its network; `apiKey` default: the right one. */
export const serviceClient = (svc: EmbeddedService, apiKey = TEST_KEY) =>
  createServiceClient({ baseUrl: BASE, apiKey, fetch: handlerFetch(svc) });

/** lib/api's v1 client with the service as its network. */
export const serviceClientV1 = (svc: EmbeddedService, apiKey = TEST_KEY) =>
  createServiceClientV1({ baseUrl: BASE, apiKey, fetch: handlerFetch(svc) });

interface CallOptions {
  body?: unknown;
  /** Raw body text (for malformed JSON). */
  raw?: string;
  /** Authorization header value; null sends none. Default: the right bearer key. */
  auth?: string | null;
}

export function request(method: string, path: string, opts: CallOptions = {}): Request {
  const headers = new Headers();
  const auth = opts.auth === undefined ? `Bearer ${TEST_KEY}` : opts.auth;
  if (auth !== null) headers.set("authorization", auth);
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers.set("content-type", "application/json");
  return new Request(path.startsWith("http") ? path : `${BASE}${path}`, { method, headers, body });
}

/** Calls the service and returns status, headers and the parsed JSON body. */
export async function call(
  svc: EmbeddedService,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const res = await svc.handle(request(method, path, opts));
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** Asserts the value matches the schema (strictly, as the contract says) and returns it typed. */
export function expectSchema<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success)
    expect.fail(`does not match the schema: ${result.error.message}\n${JSON.stringify(value, null, 2)}`);
  return result.data;
}

/** Reads every event of an SSE response (validated by lib/api's reader). */
export async function readAll(res: Response): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of readSseEvents(res.body!, { strict: true })) events.push(event);
  return events;
}

/** Polls until `check` returns a value (not undefined), or fails after the timeout. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) expect.fail("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

// Reads and writes of one chat that many tests make, each checked against its schema.

export const filesOf = async (svc: EmbeddedService, chatId: string) =>
  expectSchema(ChatFiles, (await call(svc, "GET", `/v2/chats/${chatId}/files`)).body).files;
export const messagesOf = async (svc: EmbeddedService, chatId: string) =>
  expectSchema(MessageList, (await call(svc, "GET", `/v2/chats/${chatId}/messages?limit=100`)).body).messages;
export const chatOf = async (svc: EmbeddedService, chatId: string) =>
  expectSchema(Chat, (await call(svc, "GET", `/v2/chats/${chatId}`)).body);
export const chatV1Of = async (svc: EmbeddedService, chatId: string) =>
  expectSchema(ChatV1, (await call(svc, "GET", `/v1/chats/${chatId}`)).body);
export const latestVersionOf = async (svc: EmbeddedService, chatId: string) =>
  (await chatV1Of(svc, chatId)).latestVersion!;

/** Every version of the chat with its files, oldest first. */
export async function versionsOf(svc: EmbeddedService, chatId: string) {
  const list = expectSchema(VersionListV1, (await call(svc, "GET", `/v1/chats/${chatId}/versions`)).body);
  const full = [];
  for (const v of list.data.reverse())
    full.push(expectSchema(VersionV1, (await call(svc, "GET", `/v1/chats/${chatId}/versions/${v.id}`)).body));
  return full;
}

/** Sends a message to the chat and waits for the answer (200). */
export async function sendMessage(svc: EmbeddedService, chatId: string, message: string): Promise<Message> {
  const res = await call(svc, "POST", `/v2/chats/${chatId}/messages`, { body: { message } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectSchema(Message, res.body);
}

/**
 * A file of the chat's preview, asked of the preview origin as the official client's `fetchPreview` does: at the
 * preview's `url` with the `x-v0-preview-token` header.
 */
export async function openPreview(svc: EmbeddedService, chatId: string, path = "", method = "GET"): Promise<Response> {
  const preview = (await call(svc, "GET", `/v2/chats/${chatId}/preview`)).body as { url: string; token: string };
  const headers = { [PREVIEW_TOKEN_HEADER]: preview.token };
  const req = new Request(new URL(path, preview.url), { method, headers });
  const answer = await svc.handlePreview(req);
  return isPass(answer) ? passAsResponse(answer, req) : answer;
}
