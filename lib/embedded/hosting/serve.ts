import "server-only";
import { contentTypeOf, decodeSegments, plainText, PREVIEW_HEADERS } from "../preview/serve";
import { deploymentsStore, type Db } from "../store";
import { settle } from "./build";

/**
 * Serves `/hosting/{deploymentId}/{path…}` (after the service's base): the deployment's own snapshot of files, with
 * the preview's sandboxing headers, no key needed (a published site). 404 while it is not ready, after an error and
 * once deleted; `…/` and `…/dir/` serve `index.html`; traversal is refused (400) before anything is looked up.
 */
export async function serveHosting(db: Db, buildMs: number, method: string, segments: string[]): Promise<Response> {
  if (method !== "GET" && method !== "HEAD") {
    return new Response("Method not allowed", { status: 405, headers: { ...PREVIEW_HEADERS, allow: "GET, HEAD" } });
  }
  const decoded = decodeSegments(segments);
  if (!decoded) return plainText(400, "Bad path");
  const [deploymentId, ...rest] = decoded;
  if (!deploymentId) return plainText(404, "Not found");
  const found = await deploymentsStore.findDeployment(db, deploymentId);
  if (!found) return plainText(404, "Not found");
  const row = await settle(db, found, buildMs);
  if (row.status === "pending") {
    return new Response("This deployment is still building.", {
      status: 404,
      headers: { ...PREVIEW_HEADERS, "content-type": "text/plain; charset=utf-8", "retry-after": "1" },
    });
  }
  if (row.status !== "ready") return plainText(404, "This deployment failed; see its errors.");
  let path = rest.join("/");
  if (path === "" || path.endsWith("/")) path += "index.html";
  const file = row.files.find((f) => f.path === path);
  if (!file) return plainText(404, `${path} not found`);
  const body = new Uint8Array(Buffer.from(file.content, file.encoding === "base64" ? "base64" : "utf8"));
  return new Response(method === "HEAD" ? null : body, {
    status: 200,
    headers: { ...PREVIEW_HEADERS, "content-type": contentTypeOf(path), "content-length": String(body.length) },
  });
}
