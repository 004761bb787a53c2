import "server-only";
import http from "node:http";
import https from "node:https";
import { allowsPrivateFetch, isPrivateHost, publicOnlyLookup, type Resolve } from "./addresses";

/** Why an outgoing request failed, said so a person can act on it (the message names the URL's host). */
export class OutboundError extends Error {
  constructor(
    message: string,
    readonly reason: "private" | "unreachable" | "timeout" | "too_large" | "protocol",
  ) {
    super(message);
  }
}

interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array;
  /** The whole exchange, connection to last byte; default 30 s. */
  timeoutMs?: number;
  /** The most bytes of a response body read; a larger one fails the request. Default 64 KB. */
  maxBytes?: number;
  /** http: and https:, or https: only (default). */
  protocols?: readonly string[];
  /** The resolver behind the address check (tests); default the system's. */
  resolve?: Resolve;
}

interface OutboundResponse {
  url: string;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Buffer;
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  return out;
}

/**
 * One request to a URL a user gave, through the private-address rule of addresses.ts: no redirects (a 3xx is
 * handed back as it is), a time limit and a size limit on the response body. Rejects with an OutboundError.
 */
export function outboundRequest(url: string, opts: OutboundRequest = {}): Promise<OutboundResponse> {
  const { timeoutMs = 30_000, maxBytes = 64 * 1024, protocols = ["https:"] } = opts;
  return new Promise<OutboundResponse>((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return reject(new OutboundError(`not a URL: ${url}`, "protocol"));
    }
    if (!protocols.includes(target.protocol))
      return reject(new OutboundError(`not ${protocols.map((p) => p.slice(0, -1)).join(" or ")}: ${url}`, "protocol"));
    const guarded = !allowsPrivateFetch();
    if (guarded && isPrivateHost(target.hostname))
      return reject(new OutboundError(`${target.hostname} is not a public host`, "private"));
    const fail = (error: Error) => {
      clearTimeout(timer);
      if (error instanceof OutboundError) return reject(error);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EPRIVATEADDRESS") return reject(new OutboundError(error.message, "private"));
      reject(new OutboundError(`${target.host} cannot be reached (${code ?? error.message})`, "unreachable"));
    };
    const client = target.protocol === "http:" ? http : https;
    const req = client.request(
      target,
      {
        method: opts.method ?? "GET",
        headers: opts.headers,
        ...(guarded ? { lookup: publicOnlyLookup(opts.resolve) as never } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy(
              new OutboundError(`the answer of ${target.host} is larger than ${maxBytes} bytes`, "too_large"),
            );
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve({
            url,
            status: res.statusCode ?? 502,
            statusText: res.statusMessage ?? "",
            headers: flatHeaders(res.headers),
            body: Buffer.concat(chunks),
          });
        });
        res.on("error", fail);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new OutboundError(`${target.host} gave no full answer within ${timeoutMs} ms`, "timeout")),
      timeoutMs,
    );
    req.on("error", fail);
    req.end(opts.body);
  });
}
