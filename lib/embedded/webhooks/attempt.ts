import "server-only";
import type { OutboundFetch } from "../outbound/fetch";

/** At most this much of a response body is kept with an attempt. */
const EXCERPT_BYTES = 1024;

interface HttpOutcome {
  /** Null when no response came. */
  statusCode: number | null;
  durationMs: number;
  /** Why it is not a success beyond the status (timeout, network, redirect). */
  error: string | null;
  responseExcerpt: string;
}

interface PostOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Aborts the attempt (the service is closing). */
  signal?: AbortSignal;
  /** The outbound guard (outbound/fetch.ts): private addresses are refused, the service's own origin excepted. */
  fetch: OutboundFetch;
}

/**
 * POSTs one delivery through the outbound guard: a target that is or resolves to a private address fails the attempt
 * with the reason said (the retry schedule goes on: the flag or the name's address may change). Redirects are never
 * followed (the target is user-given): a 3xx is a failure like any other non-2xx. The body is read up to 1 KB and
 * the rest is dropped.
 */
export async function postDelivery(opts: PostOptions): Promise<HttpOutcome> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await opts.fetch(opts.url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "atelier-embedded-webhooks/1", ...opts.headers },
      body: opts.body,
      redirect: "manual",
      signal,
    });
    const responseExcerpt = await readExcerpt(res, signal);
    const redirect = res.status >= 300 && res.status < 400;
    return {
      statusCode: res.status,
      durationMs: elapsed(),
      error: redirect ? `redirect not followed (${res.headers.get("location") ?? "no location"})` : null,
      responseExcerpt,
    };
  } catch (error) {
    const reason = timeout.aborted
      ? `timeout after ${opts.timeoutMs} ms`
      : opts.signal?.aborted
        ? "aborted: the service is shutting down"
        : describeNetworkError(error);
    return { statusCode: null, durationMs: elapsed(), error: reason, responseExcerpt: "" };
  }
}

async function readExcerpt(res: Response, signal: AbortSignal): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_BYTES && !signal.aborted) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // a body cut short still leaves what was read
  } finally {
    reader.cancel().catch(() => {});
  }
  const bytes = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES);
  // Drop a multi-byte character cut in half at the end.
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes).replace(/\uFFFD$/, "");
}

function describeNetworkError(error: unknown): string {
  const err = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const refused = err?.code === "EPRIVATEADDRESS" ? err : err?.cause?.code === "EPRIVATEADDRESS" ? err.cause : null;
  if (refused)
    return `refused: ${refused.message} (webhooks reach only public addresses; EMBEDDED_FETCH_ALLOW_PRIVATE=1 lifts this)`;
  const cause = err?.cause?.code ?? err?.cause?.message;
  return `network error: ${err?.message ?? String(error)}${cause ? ` (${cause})` : ""}`;
}
