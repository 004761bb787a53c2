/**
 * What an API client's preview route does with `chats.getPreview`'s answer, written here from the wire contract
 * (docs/embedded-service.md, "Previews on their own origin"): the browser's request (method, path under the preview
 * URL, query, its own headers but never its cookie, authorization or proxy headers) goes to the preview origin with
 * the token as `x-v0-preview-token`; an answer carrying `x-v0-preview-refresh: 1` means the token opens nothing any
 * more, so the route forgets its preview and sends the browser to a fallback page that fetches a new one. The official
 * client's `fetchPreview` does the same; no release of it on the npm registry ships that helper yet
 * (docs/interoperability.md), so this test client stands in for it.
 */

const STRIPPED = new Set(["authorization", "cookie", "host", "connection", "content-length", "forwarded", "via"]);
const STRIPPED_PREFIXES = ["x-forwarded-", "proxy-"];

interface PreviewProxyOptions {
  request: Request;
  preview: { url: string; token: string } | null;
  /** The path under the preview URL, by segments. */
  path: string[];
  /** Where the browser goes when there is no preview (or it must be fetched again). */
  fallbackUrl: string;
  fetch: typeof fetch;
  onPreviewRefresh?: () => void;
}

export async function proxyPreview(opts: PreviewProxyOptions): Promise<Response> {
  const fallback = () =>
    new Response(null, {
      status: 302,
      headers: {
        location: new URL(opts.fallbackUrl, opts.request.url).toString(),
        "cache-control": "private, no-store",
      },
    });
  if (!opts.preview) return fallback();
  const target = new URL(opts.path.map(encodeURIComponent).join("/"), opts.preview.url);
  if (target.origin !== new URL(opts.preview.url).origin) throw new Error("The path left the preview's origin.");
  target.search = new URL(opts.request.url).search;
  const headers = new Headers();
  for (const [name, value] of opts.request.headers) {
    if (STRIPPED.has(name) || STRIPPED_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    headers.set(name, value);
  }
  headers.set("x-v0-preview-token", opts.preview.token);
  const hasBody = opts.request.method !== "GET" && opts.request.method !== "HEAD";
  const answer = await opts.fetch(target, {
    method: opts.request.method,
    headers,
    body: hasBody ? await opts.request.arrayBuffer() : undefined,
    redirect: "manual",
  });
  if (answer.headers.get("x-v0-preview-refresh") === "1") {
    opts.onPreviewRefresh?.();
    return fallback();
  }
  const out = new Headers(answer.headers);
  for (const name of ["set-cookie", "content-length", "content-encoding", "transfer-encoding", "connection"])
    out.delete(name);
  out.set("cache-control", "private, no-store"); // a capability's answer: never in a shared cache
  return new Response(answer.body, { status: answer.status, headers: out });
}
