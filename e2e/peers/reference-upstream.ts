import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import {
  isResolve,
  ReferenceDocument,
  restorePermissions,
  V1_DOCUMENT,
  suggestedPermissionsOf,
  StreamTranslator,
  streamKind,
  translateAnswer,
  translateMessage,
  translateRequestBody,
  upstreamPath,
  type Operation,
  type SchemaViolation,
} from "./reference-translate";

/**
 * A reference-shaped upstream for the dashboard: a real HTTP server (node:http) that speaks the public OpenAPI
 * document (e2e/peers/reference/openapi-v2.json) by translating an Atelier embedded service's answers.
 *
 * `{origin}/v2/…` is forwarded to `{upstream}/v2/…` (`/v1/…` as it is) with the same Authorization header; JSON
 * answers and SSE events are translated to the document's shapes (where the document and the spec differ, the
 * document wins here: that is the point) and validated against the document's response schemas. Request bodies
 * are validated against the document's request schemas and forwarded (translated where the embedded service does
 * not accept the document's shape); violations are recorded, never refused:
 *   GET/DELETE /__peer/violations           what the client sent that the document does not accept
 *   GET/DELETE /__peer/response-violations  what this peer sent that the document does not describe (must stay [])
 *   GET /__peer/health
 *
 * As a process: `REFERENCE_PEER_PORT=3222 REFERENCE_UPSTREAM=http://127.0.0.1:3221/svc npx tsx e2e/peers/reference-upstream.ts`.
 */
interface ReferenceUpstreamOptions {
  port?: number;
  /** The embedded service's base URL, e.g. `http://127.0.0.1:3221/svc` (its `/v2/...` paths follow). */
  upstream: string;
  document?: ReferenceDocument;
  /** Warnings (request violations); default console.warn. */
  log?: (line: string) => void;
}

export interface ReferenceUpstream {
  /** The base URL to give the dashboard as SERVICE_BASE_URL (its `/v2/...` paths follow). */
  url: string;
  requestViolations(): SchemaViolation[];
  responseViolations(): SchemaViolation[];
  /** Paths the client called that the document does not have (forwarded anyway). */
  unknownOperations(): string[];
  clear(): void;
  close(): Promise<void>;
}

const HOP = new Set(["host", "connection", "content-length", "transfer-encoding", "keep-alive", "accept-encoding"]);

export async function startReferenceUpstream(options: ReferenceUpstreamOptions): Promise<ReferenceUpstream> {
  const doc = options.document ?? new ReferenceDocument();
  const v1doc = new ReferenceDocument(V1_DOCUMENT);
  const upstream = options.upstream.replace(/\/+$/, "");
  const log = options.log ?? ((line: string) => console.warn(line));
  const requestViolations: SchemaViolation[] = [];
  const responseViolations: SchemaViolation[] = [];
  const unknown = new Set<string>();

  const recordResponse = (
    op: Operation,
    method: string,
    path: string,
    status: number,
    schema: Record<string, unknown> | null,
    value: unknown,
    event?: string,
  ) => {
    if (!schema) return;
    const errors = doc.errors(schema, value);
    if (errors.length)
      responseViolations.push({
        at: new Date().toISOString(),
        method,
        path,
        operation: op.key,
        status,
        event,
        errors,
        sample: value,
      });
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const forwardHeaders = (req: IncomingMessage): Headers => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined || HOP.has(k)) continue;
      headers.set(k, Array.isArray(v) ? v.join(", ") : v);
    }
    return headers;
  };

  const getJson = async (auth: string | undefined, path: string): Promise<unknown> => {
    const res = await fetch(`${upstream}/v2${path}`, { headers: auth ? { authorization: auth } : {} });
    return res.ok ? res.json() : null;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://peer");
    const method = (req.method ?? "GET").toUpperCase();

    if (url.pathname === "/__peer/health") return send(res, 200, { ok: true });
    if (url.pathname === "/__peer/violations" || url.pathname === "/__peer/response-violations") {
      const list = url.pathname.endsWith("response-violations") ? responseViolations : requestViolations;
      if (method === "DELETE") {
        list.length = 0;
        if (list === requestViolations) unknown.clear();
        return send(res, 200, { cleared: true });
      }
      return send(
        res,
        200,
        list === requestViolations ? { violations: list, unknownOperations: [...unknown] } : { violations: list },
      );
    }

    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks);

    if (!url.pathname.startsWith("/v2/")) {
      // v1 (and anything else) goes through as it is, except what the v1 document makes impossible: a request
      // without a required query parameter is refused as a service that follows it would (e.g. GET /deployments
      // without chatId and versionId).
      const v1op = url.pathname.startsWith("/v1/") ? v1doc.operation(method, url.pathname.slice(3)) : null;
      const missing = v1op ? v1doc.missingQuery(v1op, url.searchParams) : [];
      if (missing.length)
        return send(res, 422, {
          error: {
            message: `Missing required query parameters: ${missing.join(", ")}`,
            type: "unprocessable_entity_error",
          },
        });
      return pipe(
        res,
        await fetch(`${upstream}${url.pathname}${url.search}`, init(method, forwardHeaders(req), rawBody)),
      );
    }

    const docPath = url.pathname.slice(3);
    const op = doc.operation(method, docPath);
    if (!op) unknown.add(`${method} ${docPath.replace(/\/[a-z]+_[A-Za-z0-9_-]{6,}(?=\/|$)/g, "/{id}")}`);

    let body: Buffer | undefined = rawBody.length ? rawBody : undefined;
    const json = /json/.test(req.headers["content-type"] ?? "") && body;
    if (op && json) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody.toString("utf8"));
      } catch {
        parsed = undefined;
      }
      if (parsed !== undefined) {
        const schema = doc.requestSchema(op);
        const errors = schema ? doc.errors(schema, parsed) : [];
        if (errors.length) {
          requestViolations.push({
            at: new Date().toISOString(),
            method,
            path: docPath,
            operation: op.key,
            errors,
            sample: parsed,
          });
          log(
            `[reference-upstream] request body of ${op.key} does not match the document: ${JSON.stringify(errors.slice(0, 3))}`,
          );
        }
        let forwarded = translateRequestBody(op, parsed);
        if (isResolve(op)) {
          const list = (await getJson(
            req.headers.authorization,
            `/chats/${encodeURIComponent(op.params.chatId!)}/messages?limit=20`,
          )) as { messages?: unknown[] } | null;
          forwarded = restorePermissions(forwarded, (list?.messages ?? []).flatMap(suggestedPermissionsOf));
        }
        body = Buffer.from(JSON.stringify(forwarded));
      }
    }

    const target = `${upstream}/v2${upstreamPath(docPath)}${url.search}`;
    // A client that goes away (a stopped stream) stops the upstream request too.
    const abort = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) abort.abort();
    });
    const answer = await fetch(target, { ...init(method, forwardHeaders(req), body), signal: abort.signal });
    const kind = streamKind(op);
    const contentType = answer.headers.get("content-type") ?? "";

    if (op && kind && answer.ok && contentType.includes("text/event-stream") && answer.body) {
      const auth = req.headers.authorization;
      const translator = new StreamTranslator(
        doc,
        kind,
        op.params.chatId ?? null,
        (chatId, messageId) =>
          getJson(auth, `/chats/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}`),
        async (chatId) => {
          const list = (await getJson(auth, `/chats/${encodeURIComponent(chatId)}/messages?limit=20`)) as {
            messages?: Array<Record<string, unknown>>;
          } | null;
          const assistants = (list?.messages ?? []).filter((m) => m.role === "assistant");
          return assistants.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt))).at(-1) ?? null;
        },
      );
      const schema = doc.responseSchema(op, 200, true);
      res.writeHead(answer.status, {
        "content-type": "text/event-stream",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
      });
      res.flushHeaders();
      const write = (events: Array<Record<string, unknown>>) => {
        for (const event of events) {
          recordResponse(op, method, docPath, answer.status, schema, event, String(event.object));
          res.write(`data: ${JSON.stringify(event)}\n\n`);
        }
      };
      let error = false;
      for await (const data of sseData(answer.body)) {
        let event: unknown;
        try {
          event = JSON.parse(data);
        } catch {
          continue;
        }
        if ((event as { object?: unknown }).object === "error") error = true;
        write(await translator.translate(event));
      }
      if (!error) write(await translator.close());
      res.end();
      return;
    }

    const text = await answer.text();
    const headers: Record<string, string> = {};
    answer.headers.forEach((v, k) => {
      if (!HOP.has(k) && k !== "content-encoding") headers[k] = v;
    });
    if (op && answer.ok && contentType.includes("application/json") && text) {
      const translated = translateAnswer(doc, op, JSON.parse(text));
      recordResponse(op, method, docPath, answer.status, doc.responseSchema(op, answer.status), translated);
      res.writeHead(answer.status, { ...headers, "content-type": "application/json" });
      res.end(JSON.stringify(translated));
      return;
    }
    res.writeHead(answer.status, headers);
    res.end(text);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.destroyed) return; // the client went away
      log(
        `[reference-upstream] ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : String(error)}`,
      );
      if (!res.headersSent)
        send(res, 502, { message: `reference upstream: ${error instanceof Error ? error.message : String(error)}` });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    requestViolations: () => [...requestViolations],
    responseViolations: () => [...responseViolations],
    unknownOperations: () => [...unknown],
    clear: () => {
      requestViolations.length = 0;
      responseViolations.length = 0;
      unknown.clear();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function init(method: string, headers: Headers, body: Buffer | undefined): RequestInit {
  if (body !== undefined && method !== "GET" && method !== "HEAD") headers.set("content-length", String(body.length));
  return {
    method,
    headers,
    body: method === "GET" || method === "HEAD" || !body ? undefined : new Uint8Array(body),
    redirect: "manual",
  };
}

async function pipe(res: ServerResponse, answer: Response): Promise<void> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((v, k) => {
    if (!HOP.has(k) && k !== "content-encoding") headers[k] = v;
  });
  res.writeHead(answer.status, headers);
  if (answer.body) for await (const chunk of answer.body) res.write(chunk);
  res.end();
}

/** The `data:` payloads of an SSE body. */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, "\n");
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).replace(/^ /, ""))
        .join("\n");
      if (data) yield data;
    }
  }
}

export { translateMessage };

// ---------------------------------------------------------------- as its own process

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.env.REFERENCE_PEER_PORT || 3222);
  const target = process.env.REFERENCE_UPSTREAM;
  if (!target) {
    console.error("REFERENCE_UPSTREAM (the embedded service's base URL, e.g. http://127.0.0.1:3221/svc) is required");
    process.exit(2);
  }
  void startReferenceUpstream({ port, upstream: target }).then((peer) => {
    console.log(`reference upstream on ${peer.url} → ${target}`);
    const stop = () => void peer.close().then(() => process.exit(0));
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
  });
}
