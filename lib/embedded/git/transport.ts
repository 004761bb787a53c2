import "server-only";
import type { GitHttpRequest, GitHttpResponse, HttpClient } from "isomorphic-git";
import { DOWNLOAD_TIMEOUT_MS, MAX_DOWNLOAD_BYTES } from "../imports/limits";
import { outboundRequest } from "../outbound/request";

async function collect(body: GitHttpRequest["body"]): Promise<Uint8Array | undefined> {
  if (!body) return undefined;
  const chunks: Uint8Array[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * isomorphic-git's HTTP transport through the one private-address rule (outbound/addresses.ts): every request of a
 * clone, fetch or push is checked on the address its socket connects to, capped in size and time, never redirected.
 */
export const guardedGitHttp: HttpClient = {
  async request({ url, method = "GET", headers = {}, body }): Promise<GitHttpResponse> {
    const res = await outboundRequest(url, {
      method,
      headers,
      body: await collect(body),
      protocols: ["http:", "https:"],
      maxBytes: MAX_DOWNLOAD_BYTES,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
    });
    return {
      url,
      method,
      statusCode: res.status,
      statusMessage: res.statusText,
      headers: res.headers,
      body: [res.body] as unknown as AsyncIterableIterator<Uint8Array>,
    };
  },
};
