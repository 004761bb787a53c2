import type { z } from "zod";
import { describeZodError } from "./error-body";
import { errorFromResponse, ServiceError } from "./errors";
import { ReadError } from "./lenient/values";
import { pathOf, routeByName, type Method, type RouteByName, type RouteName, type RouteParams } from "./routes";
import type { ReadStreamEvent } from "./schemas";
import { readSseEvents } from "./sse";

/**
 * The request plumbing shared by the v2 client (client.ts) and the v1 client (client-v1.ts): bearer key,
 * JSON bodies, non-2xx → ServiceError, 2xx bodies validated with a lib/api schema (else 502
 * `invalid_response`), network failures → status 0 `network_error`, SSE responses read with readSseEvents.
 * Internal to lib/api.
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

/** Query parameters; undefined and null values are left out. */
type Query = Record<string, string | number | null | undefined>;

interface Call {
  method: Method;
  path: string;
  query?: Query | PageQuery;
  body?: unknown;
  signal?: AbortSignal;
  accept?: string;
}

/** What a client sends to a route: the schema's input type (defaults may be left out). */
type RouteInput<N extends RouteName> = RouteByName<N> extends { body: infer B extends z.ZodType } ? z.input<B> : never;

type RouteExtras<N extends RouteName> = { query?: Query | PageQuery; signal?: AbortSignal } & ([RouteInput<N>] extends [
  never,
]
  ? { body?: undefined }
  : { body: RouteInput<N> });

/**
 * The call of a route of the table (lib/api/routes.ts): its method, and its path with the parameters filled in.
 * The clients never write a path by hand.
 */
export function routeCall<N extends RouteName>(name: N, params: RouteParams<N>, extras?: RouteExtras<N>): Call {
  const { method } = routeByName(name);
  return { method, path: pathOf(name, params), ...extras };
}

function queryString(q: Query | PageQuery | undefined): string {
  if (!q) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
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

interface Http {
  send(call: Call): Promise<Response>;
  json<S extends z.ZodType>(schema: S, call: Call): Promise<z.infer<S>>;
  /** The JSON body through a lenient reader (lib/api/lenient); a ReadError becomes a 502 `invalid_response`. */
  read<T>(reader: (data: unknown) => T, call: Call): Promise<T>;
  /** A call whose 2xx answer's body does not matter (deletes: deployments answer them in several shapes). */
  done(call: Call): Promise<void>;
  stream(call: Call): Promise<AsyncGenerator<ReadStreamEvent>>;
}

export function createHttp(opts: ClientOptions): Http {
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

  async function body(call: Call): Promise<unknown> {
    const res = await send(call);
    const text = await res.text();
    try {
      return JSON.parse(text);
    } catch (error) {
      throw invalidResponse(
        `${call.method} ${call.path}`,
        `body is not JSON (${text.slice(0, 80) || "empty"})`,
        text,
        error,
      );
    }
  }

  async function read<T>(reader: (data: unknown) => T, call: Call): Promise<T> {
    const data = await body(call);
    try {
      return reader(data);
    } catch (error) {
      if (!(error instanceof ReadError)) throw error;
      throw invalidResponse(`${call.method} ${call.path}`, error.message, data, error);
    }
  }

  async function done(call: Call): Promise<void> {
    const res = await send(call);
    await res.body?.cancel().catch(() => {});
  }

  async function json<S extends z.ZodType>(schema: S, call: Call): Promise<z.infer<S>> {
    const what = `${call.method} ${call.path}`;
    const data = await body(call);
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw invalidResponse(what, describeZodError(parsed.error), data, parsed.error);
    return parsed.data;
  }

  async function stream(call: Call): Promise<AsyncGenerator<ReadStreamEvent>> {
    const res = await send({ ...call, accept: "text/event-stream" });
    const type = res.headers.get("content-type");
    if (!res.body || (type !== null && !type.toLowerCase().startsWith("text/event-stream"))) {
      const text = await res.text().catch(() => "");
      throw invalidResponse(
        `${call.method} ${call.path}`,
        `expected text/event-stream, got ${type ?? "no body"}`,
        text,
      );
    }
    return readSseEvents(res.body, { signal: call.signal });
  }

  return { send, json, read, done, stream };
}
