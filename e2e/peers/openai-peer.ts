import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A scripted OpenAI-compatible API for tests (real HTTP on a loopback port): `POST /v1/chat/completions`, streamed
 * (`stream: true`: Server-Sent Events in the OpenAI wire format — a role delta, `reasoning_content` and `content`
 * deltas, `tool_calls` deltas with index/id/name and the arguments in pieces, the finish reason, a usage chunk with
 * `prompt_tokens_details.cached_tokens` when `stream_options.include_usage`, `[DONE]`) or not, and `GET /v1/models`.
 *
 * What it answers is scripted by turns: each turn is the text, reasoning and tool calls of one model response, or a
 * failure (an HTTP error, a connection dropped mid-stream, a hang). A request takes the next turn of the queue
 * (`script`); with the queue empty, the turns registered with `when` for a text in the last user message, where the
 * turn's index is the number of assistant messages after that user message (the request after tool results gets
 * the next turn). Requests without tools are title requests, answered from `titles`, or summary requests (their system
 * message starts "Summarise the conversation"), answered from `summaries`. Every request is recorded.
 */

interface PeerToolCall {
  name: string;
  /** An object (sent as JSON) or the raw arguments text. */
  arguments: Record<string, unknown> | string;
  id?: string;
}

type PeerTurn =
  | {
      /** Content deltas: one string is cut into a few pieces. */
      text?: string | string[];
      reasoning?: string | string[];
      toolCalls?: PeerToolCall[];
      /** Pause before each chunk, ms (default 0). */
      chunkDelayMs?: number;
      /** After the text, keep the connection open without finishing (to stop or time out mid-answer). */
      thenHang?: boolean;
      /** Tokens reported; default from the sizes (4 characters a token), no cached tokens. */
      usage?: { prompt: number; completion: number; cached?: number };
    }
  /** An HTTP error with an OpenAI error body. */
  | { fail: "http"; status?: number; message?: string }
  /** Sends the role delta and `afterText`, then destroys the connection (`clean`: ends the response, no finish reason). */
  | { fail: "drop"; afterText?: string; clean?: boolean }
  /** Never answers (until the peer closes). */
  | { fail: "hang" };

interface RecordedRequest {
  path: string;
  authorization: string | null;
  /** The usage the peer reported for it (absent for a failure without an answer). */
  usage?: { prompt_tokens: number; completion_tokens: number; prompt_tokens_details: { cached_tokens: number } };
  body: {
    model?: string;
    stream?: boolean;
    messages: Array<{ role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string }>;
    tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
    stream_options?: { include_usage?: boolean };
    [key: string]: unknown;
  };
}

export interface OpenAiPeer {
  /** The API base to configure, e.g. http://127.0.0.1:PORT/v1. */
  baseUrl: string;
  /** Appends turns to the queue. */
  script(turns: PeerTurn[]): void;
  /** Turns for chats whose last user message contains `text` (used when the queue is empty). */
  when(text: string, turns: PeerTurn[]): void;
  /** Answers of the next title requests (default: "Peer app"). */
  titles(list: string[]): void;
  /** Answers of the next summary requests (default: "The peer's summary."), with their usage if given. */
  summaries(list: Array<string | { text: string; usage: { prompt: number; completion: number } }>): void;
  /** Agent requests (with tools), oldest first. */
  readonly requests: RecordedRequest[];
  /** Title requests (no tools). */
  readonly titleRequests: RecordedRequest[];
  /** Summary requests (no tools, the summary instructions). */
  readonly summaryRequests: RecordedRequest[];
  /** Turns left in the queue. */
  pending(): number;
  close(): Promise<void>;
}

interface PeerOptions {
  /** Required bearer key (401 otherwise); none: any. */
  apiKey?: string;
  /** Listed by GET /v1/models. */
  models?: string[];
  /** The loopback port to listen on; default any free one. */
  port?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A text in about four pieces at word boundaries (joined they give it back). */
function pieces(text: string | string[] | undefined): string[] {
  if (text === undefined) return [];
  if (Array.isArray(text)) return text;
  const words = text.match(/\S+\s*|\s+/g) ?? [text];
  const size = Math.max(1, Math.ceil(words.length / 4));
  const out: string[] = [];
  for (let i = 0; i < words.length; i += size) out.push(words.slice(i, i + size).join(""));
  return out;
}

const tokens = (chars: number) => Math.max(1, Math.ceil(chars / 4));

export async function startOpenAiPeer(opts: PeerOptions = {}): Promise<OpenAiPeer> {
  const queue: PeerTurn[] = [];
  const byPrompt: Array<{ text: string; turns: PeerTurn[] }> = [];
  const titles: string[] = [];
  const summaries: Array<string | { text: string; usage: { prompt: number; completion: number } }> = [];
  const requests: RecordedRequest[] = [];
  const titleRequests: RecordedRequest[] = [];
  const summaryRequests: RecordedRequest[] = [];
  let n = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: String(error) } }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? "/").split("?")[0]!;
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      return json(res, 401, { error: { message: "Incorrect API key provided.", type: "invalid_request_error" } });
    }
    if (req.method === "GET" && path === "/v1/models") {
      const data = (opts.models ?? ["peer-model"]).map((id) => ({ id, object: "model", created: 0, owned_by: "peer" }));
      return json(res, 200, { object: "list", data });
    }
    if (req.method !== "POST" || path !== "/v1/chat/completions")
      return json(res, 404, { error: { message: `No route ${req.method} ${path}` } });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as RecordedRequest["body"];
    const record: RecordedRequest = { path, authorization: req.headers.authorization ?? null, body };
    const system = body.messages.find((m) => m.role === "system");
    if (!body.tools?.length && contentText(system?.content).startsWith("Summarise the conversation")) {
      summaryRequests.push(record);
      const next = summaries.shift() ?? "The peer's summary.";
      return answer(res, record, typeof next === "string" ? { text: next } : next, ++n);
    }
    if (!body.tools?.length) {
      titleRequests.push(record);
      const title = titles.shift() ?? "Peer app";
      return answer(res, record, { text: title }, ++n);
    }
    requests.push(record);
    return answer(res, record, nextTurn(body), ++n);
  }

  function nextTurn(body: RecordedRequest["body"]): PeerTurn {
    const queued = queue.shift();
    if (queued) return queued;
    const lastUser = body.messages.map((m) => m.role).lastIndexOf("user");
    const prompt = lastUser >= 0 ? contentText(body.messages[lastUser]!.content) : "";
    const step = body.messages.slice(lastUser + 1).filter((m) => m.role === "assistant").length;
    const match = byPrompt.find((p) => prompt.includes(p.text));
    return match?.turns[step] ?? { text: "The peer has no script for this request." };
  }

  async function answer(res: ServerResponse, record: RecordedRequest, turn: PeerTurn, seq: number) {
    const body = record.body;
    if ("fail" in turn) {
      if (turn.fail === "http")
        return json(res, turn.status ?? 500, {
          error: { message: turn.message ?? "The peer failed as scripted.", type: "server_error" },
        });
      if (turn.fail === "hang") return; // the request stays open until the client gives up or the peer closes
    }
    const id = `chatcmpl-peer-${seq}`;
    const model = body.model ?? "peer-model";
    const calls = ("fail" in turn ? [] : (turn.toolCalls ?? [])).map((c, i) => ({
      id: c.id ?? `call_${seq}_${i}`,
      name: c.name,
      arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments),
    }));
    const text = "fail" in turn ? (turn.afterText ?? "") : pieces(turn.text).join("");
    const reasoning = "fail" in turn ? "" : pieces(turn.reasoning).join("");
    const finish = calls.length ? "tool_calls" : "stop";
    const promptChars = JSON.stringify(body.messages).length + JSON.stringify(body.tools ?? []).length;
    const outChars = text.length + reasoning.length + calls.reduce((s, c) => s + c.arguments.length, 0);
    const u = "fail" in turn ? undefined : turn.usage;
    const cached = u?.cached ?? 0;
    const usage = {
      prompt_tokens: u?.prompt ?? tokens(promptChars),
      completion_tokens: u?.completion ?? tokens(outChars),
      total_tokens: (u?.prompt ?? tokens(promptChars)) + (u?.completion ?? tokens(outChars)),
      prompt_tokens_details: { cached_tokens: cached },
    };

    if (!body.stream) {
      record.usage = usage;
      const message: Record<string, unknown> = { role: "assistant", content: text || null };
      if (reasoning) message.reasoning_content = reasoning;
      if (calls.length)
        message.tool_calls = calls.map((c) => ({
          id: c.id,
          type: "function",
          function: { name: c.name, arguments: c.arguments },
        }));
      return json(res, 200, {
        id,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message, finish_reason: finish }],
        usage,
      });
    }

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const delay = "fail" in turn ? 0 : (turn.chunkDelayMs ?? 0);
    const send = async (choice: Record<string, unknown> | null, extra: Record<string, unknown> = {}) => {
      if (delay) await sleep(delay);
      if (res.destroyed) return;
      const chunk = {
        id,
        object: "chat.completion.chunk",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: choice ? [{ index: 0, finish_reason: null, ...choice }] : [],
        ...extra,
      };
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    };

    await send({ delta: { role: "assistant", content: "" } });
    if ("fail" in turn) {
      for (const piece of pieces(turn.afterText)) await send({ delta: { content: piece } });
      await sleep(20);
      if (turn.fail === "drop" && turn.clean) res.end();
      else res.socket?.destroy();
      return;
    }
    for (const piece of pieces(turn.reasoning)) await send({ delta: { reasoning_content: piece } });
    for (const piece of pieces(turn.text)) await send({ delta: { content: piece } });
    if (turn.thenHang) return;
    for (const [index, call] of calls.entries()) {
      await send({
        delta: { tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] },
      });
      const args = call.arguments;
      const size = Math.max(1, Math.ceil(args.length / 3));
      for (let i = 0; i < args.length; i += size)
        await send({ delta: { tool_calls: [{ index, function: { arguments: args.slice(i, i + size) } }] } });
    }
    await send({ delta: {}, finish_reason: finish });
    if (body.stream_options?.include_usage) {
      record.usage = usage;
      await send(null, { usage });
    }
    res.write("data: [DONE]\n\n");
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/v1`,
    script: (turns) => void queue.push(...turns),
    when: (text, turns) => void byPrompt.push({ text, turns }),
    titles: (list) => void titles.push(...list),
    summaries: (list) => void summaries.push(...list),
    requests,
    titleRequests,
    summaryRequests,
    pending: () => queue.length,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** A message's content as text (a string, or the text of its content parts). */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map((c: { type?: string; text?: string }) => (c.type === "text" && typeof c.text === "string" ? c.text : ""))
      .join("");
  return "";
}
