import { describe, expect, it } from "vitest";
import { createServiceClient, type ServiceClient } from "./client";
import { ServiceError } from "./errors";
import { encodeSseEvent } from "./sse";
import { sampleChat, sampleMessage, sampleUsage, streamedEvents } from "./testing/fixtures";
import { streamedMessageSnapshots } from "./testing/part-snapshots";
import { collect } from "./testing/streams";

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** A transport that records the request and answers with a real Response built by `answer`. */
function transport(answer: (req: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req: Sent = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : init?.body,
    };
    sent.push(req);
    if (init?.signal?.aborted) throw init.signal.reason;
    return answer(req);
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const sse = (text: string) => new Response(text, { headers: { "content-type": "text/event-stream; charset=utf-8" } });

const chat = sampleChat({ id: "c1", title: "Landing page" });
const message = sampleMessage({ chatId: "c1" });
const ref = { chatId: "c1", messageId: "m2" };

describe("createServiceClient", () => {
  it("sends POST /v2/chats with the key, JSON body and extra headers, and returns the validated chat", async () => {
    const t = transport(() => json({ chat, usage: sampleUsage() }));
    const client = createServiceClient({
      baseUrl: "https://svc.example/api/",
      apiKey: "k_secret",
      fetch: t.fetch,
      headers: { "x-trace": "1" },
    });
    const result = await client.createChat({ message: "Build a landing page", privacy: "private" });
    expect(result).toEqual({ chat, usage: sampleUsage() });
    const [req] = t.sent;
    expect(req!.url).toBe("https://svc.example/api/v2/chats");
    expect(req!.method).toBe("POST");
    expect(req!.headers.get("authorization")).toBe("Bearer k_secret");
    expect(req!.headers.get("content-type")).toBe("application/json");
    expect(req!.headers.get("accept")).toBe("application/json");
    expect(req!.headers.get("x-trace")).toBe("1");
    expect(req!.body).toEqual({ message: "Build a landing page", privacy: "private" });
  });

  it("works with a relative base and no key (behind the dashboard's proxy)", async () => {
    const t = transport(() => json(chat));
    const client = createServiceClient({ baseUrl: "/api/service", fetch: t.fetch });
    await client.getChat("c1");
    expect(t.sent[0]!.url).toBe("/api/service/v2/chats/c1");
    expect(t.sent[0]!.headers.has("authorization")).toBe(false);
    expect(t.sent[0]!.headers.has("content-type")).toBe(false);
  });

  it("covers every operation with the right method and path", async () => {
    const answers: Record<string, unknown> = {
      "GET /v2/chats/c1": chat,
      "GET /v2/chats/c1/messages/m2": message,
      "POST /v2/chats/c1/messages": message,
      "POST /v2/chats/c1/messages/async": ref,
      "POST /v2/chats/c1/messages/resolve": message,
      "POST /v2/chats/c1/messages/resolve/async": ref,
      "POST /v2/chats/async": ref,
      "GET /v2/chats/c1/files": { files: [{ path: "index.html", content: "<h1>hi</h1>", encoding: "utf8" }] },
      "GET /v2/chats/c1/preview": { url: "https://preview.example/c1", expiresAt: "2025-01-01T13:00:00Z" },
      "POST /v2/chats/c1/host-project": { hostProjectId: "hp_1" },
    };
    const t = transport((req) => {
      const key = `${req.method} ${req.url.replace("http://x", "")}`;
      return key in answers
        ? json(answers[key], key.endsWith("/async") ? 202 : 200)
        : json({ message: `no ${key}` }, 404);
    });
    const c = createServiceClient({ baseUrl: "http://x", fetch: t.fetch });
    const task = { task: { type: "confirmed-steps" as const, connectedIntegrationNames: ["db"] } };
    expect(await c.getChat("c1")).toEqual(chat);
    expect(await c.getMessage("c1", "m2")).toEqual(message);
    expect(await c.sendMessage("c1", { message: "more" })).toEqual(message);
    expect(await c.sendMessageAsync("c1", { prompt: "more" })).toEqual(ref);
    expect(await c.resolve("c1", task)).toEqual(message);
    expect(await c.resolveAsync("c1", task)).toEqual(ref);
    expect(await c.createChatAsync({ message: "x" })).toEqual(ref);
    expect((await c.getFiles("c1")).files[0]!.path).toBe("index.html");
    expect(await c.getPreview("c1")).toEqual(answers["GET /v2/chats/c1/preview"]);
    expect(await c.createHostProject("c1")).toEqual({ hostProjectId: "hp_1" });
    expect(t.sent.map((s) => s.body)).toEqual([
      undefined,
      undefined,
      { message: "more" },
      { prompt: "more" },
      task,
      task,
      { message: "x" },
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("duplicates a chat (201 Chat) and restores a message's files (the messages recording it)", async () => {
    const user = sampleMessage({ id: "m3", chatId: "c1", role: "user", content: "Restore the files of message m2" });
    const assistant = sampleMessage({ id: "m4", chatId: "c1" });
    const t = transport((req) =>
      req.url.endsWith("/duplicate") ? json({ ...chat, id: "c2" }, 201) : json({ messages: [user, assistant] }),
    );
    const c = createServiceClient({ baseUrl: "http://x", fetch: t.fetch });
    expect(await c.duplicateChat("c1", { title: "Copy" })).toEqual({ ...chat, id: "c2" });
    expect(await c.restoreMessage("c1", "m2")).toEqual({ messages: [user, assistant] });
    expect(t.sent.map((s) => [s.method, s.url, s.body])).toEqual([
      ["POST", "http://x/v2/chats/c1/duplicate", { title: "Copy" }],
      ["POST", "http://x/v2/chats/c1/restore-message", { messageId: "m2" }],
    ]);
  });

  it("returns null for a preview that is not ready", async () => {
    const t = transport(() => json(null));
    expect(await createServiceClient({ baseUrl: "http://x", fetch: t.fetch }).getPreview("c1")).toBeNull();
  });

  it("encodes path parameters", async () => {
    const t = transport(() => json(message));
    const c = createServiceClient({ baseUrl: "http://x", fetch: t.fetch });
    await c.getMessage("chat/1 ?x=", "m#2%");
    expect(t.sent[0]!.url).toBe("http://x/v2/chats/chat%2F1%20%3Fx%3D/messages/m%232%25");
  });

  it("sends list queries: limit and cursor, nothing for null or absent", async () => {
    const t = transport((req) =>
      req.url.includes("/messages")
        ? json({ messages: [message], cursor: null })
        : json({ chats: [chat], cursor: "n2" }),
    );
    const c = createServiceClient({ baseUrl: "http://x", fetch: t.fetch });
    expect(await c.listChats({ limit: 5, cursor: "a/b+c" })).toEqual({ chats: [chat], cursor: "n2", unreadable: [] });
    await c.listChats({ cursor: null });
    await c.listChats();
    expect(await c.listMessages("c1", { limit: 20 })).toEqual({ messages: [message], cursor: null });
    expect(t.sent.map((s) => s.url)).toEqual([
      "http://x/v2/chats?limit=5&cursor=a%2Fb%2Bc",
      "http://x/v2/chats",
      "http://x/v2/chats",
      "http://x/v2/chats/c1/messages?limit=20",
    ]);
  });

  describe("streams", () => {
    const events = streamedEvents(streamedMessageSnapshots({ parts: 3, deltas: 10 }), {
      chatId: "c1",
      messageId: "m2",
    });
    const body = events.map(encodeSseEvent).join("");
    const calls: [string, (c: ServiceClient) => Promise<AsyncGenerator<unknown>>][] = [
      ["/v2/chats/stream", (c) => c.createChatStream({ message: "hi" })],
      ["/v2/chats/c1/messages/stream", (c) => c.sendMessageStream("c1", { message: "hi" })],
      [
        "/v2/chats/c1/messages/resolve/stream",
        (c) => c.resolveStream("c1", { task: { type: "confirmed-permissions", permissions: [] } }),
      ],
    ];
    for (const [path, call] of calls) {
      it(`POST ${path} yields the typed events`, async () => {
        const t = transport(() => sse(body));
        const events2 = await collect(
          await call(createServiceClient({ baseUrl: "http://x", apiKey: "k", fetch: t.fetch })),
        );
        expect(events2).toEqual(events);
        expect(t.sent[0]!.url).toBe(`http://x${path}`);
        expect(t.sent[0]!.method).toBe("POST");
        expect(t.sent[0]!.headers.get("accept")).toBe("text/event-stream");
      });
    }

    it("throws ServiceError before yielding for a non-2xx", async () => {
      const t = transport(() => json({ message: "message is required" }, 422));
      const c = createServiceClient({ baseUrl: "http://x", fetch: t.fetch });
      const error = await c.createChatStream({ message: "" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ status: 422, message: "message is required" });
    });

    it("refuses a 2xx that is not an event stream", async () => {
      const t = transport(() => json({ chat, usage: sampleUsage() }));
      const c = createServiceClient({ baseUrl: "http://x", fetch: t.fetch });
      await expect(c.sendMessageStream("c1", { message: "x" })).rejects.toMatchObject({
        status: 502,
        code: "invalid_response",
        message: expect.stringContaining("text/event-stream"),
      });
    });

    it("passes the abort signal to the transport and the reader", async () => {
      const controller = new AbortController();
      let cancelled = false;
      const t = transport(
        () =>
          new Response(
            new ReadableStream<Uint8Array>({
              start(c) {
                c.enqueue(new TextEncoder().encode(encodeSseEvent(events[0]!)));
              },
              cancel() {
                cancelled = true;
              },
            }),
            { headers: { "content-type": "text/event-stream" } },
          ),
      );
      const c = createServiceClient({ baseUrl: "http://x", fetch: t.fetch });
      const gen = await c.createChatStream({ message: "hi" }, { signal: controller.signal });
      expect((await gen.next()).value).toEqual(events[0]);
      const pending = gen.next();
      controller.abort(new Error("stop"));
      await expect(pending).rejects.toThrow("stop");
      expect(cancelled).toBe(true);

      await expect(c.createChatStream({ message: "hi" }, { signal: controller.signal })).rejects.toThrow("stop");
    });
  });

  describe("errors", () => {
    it("normalizes v2 and v1 error bodies", async () => {
      const v2 = transport(() => json({ message: "Chat not found" }, 404));
      await expect(createServiceClient({ baseUrl: "http://x", fetch: v2.fetch }).getChat("nope")).rejects.toMatchObject(
        {
          name: "ServiceError",
          status: 404,
          message: "Chat not found",
        },
      );
      const body = {
        error: { code: "project_not_found", type: "not_found_error", message: "no project", userMessage: "Not found." },
      };
      const v1 = transport(() => json(body, 404));
      const error = await createServiceClient({ baseUrl: "http://x", fetch: v1.fetch })
        .getChat("c1")
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({
        status: 404,
        code: "project_not_found",
        type: "not_found_error",
        userMessage: "Not found.",
        body,
      });
    });

    it("gives a readable message for a non-JSON error page", async () => {
      const t = transport(
        () =>
          new Response("<html><head><title>Bad gateway</title></head><body>cloudflare</body></html>", {
            status: 502,
            statusText: "Bad Gateway",
          }),
      );
      await expect(createServiceClient({ baseUrl: "http://x", fetch: t.fetch }).listChats()).rejects.toMatchObject({
        status: 502,
        message: "HTTP 502 Bad Gateway",
      });
    });

    it("is liberal: unknown fields dropped, missing ones filled; refuses only what it cannot use, naming it", async () => {
      const serve = (body: unknown) =>
        createServiceClient({ baseUrl: "http://x", fetch: transport(() => json(body)).fetch });
      const extra = await serve({ ...chat, surprise: true, vercelProjectId: "prj_9" }).getChat("c1");
      expect(extra).toEqual({ ...chat, hostProjectId: "prj_9" });

      const partial = await serve({ chat, usage: { tokens: { input: 1 } } }).createChat({ message: "x" });
      expect(partial.usage).toEqual({
        model: null,
        tokens: { input: 1, output: 0, cacheRead: 0, cacheWrite: 0, total: 1 },
        creditsCost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
      });

      const noId = await serve({ ...chat, id: undefined })
        .getChat("c1")
        .catch((e: unknown) => e);
      expect(noId).toBeInstanceOf(ServiceError);
      expect(noId).toMatchObject({ status: 502, code: "invalid_response" });
      expect((noId as Error).message).toMatch(/^invalid response from GET \/v2\/chats\/c1: id is missing/);

      const notAList = await serve({ surprise: [] })
        .listChats()
        .catch((e: unknown) => e);
      expect((notAList as Error).message).toContain("holds no list");
    });

    it("rejects a 2xx body that is not JSON", async () => {
      const t = transport(() => new Response("<html>login</html>", { status: 200 }));
      await expect(createServiceClient({ baseUrl: "http://x", fetch: t.fetch }).getChat("c1")).rejects.toMatchObject({
        status: 502,
        code: "invalid_response",
        message: expect.stringContaining("not JSON"),
      });
    });

    it("wraps a network failure but not an abort", async () => {
      const down = (async () => {
        throw new TypeError("fetch failed");
      }) as typeof fetch;
      await expect(createServiceClient({ baseUrl: "http://x", fetch: down }).getChat("c1")).rejects.toMatchObject({
        status: 0,
        code: "network_error",
        message: "GET /v2/chats/c1 failed: fetch failed",
      });
      const aborted = (async () => {
        throw new DOMException("The operation was aborted.", "AbortError");
      }) as typeof fetch;
      const error = await createServiceClient({ baseUrl: "http://x", fetch: aborted })
        .getChat("c1")
        .catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(ServiceError);
      expect((error as Error).name).toBe("AbortError");
    });
  });
});
