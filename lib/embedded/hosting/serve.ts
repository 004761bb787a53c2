import "server-only";
import { decodeSegments, fileResponse, plainText, PREVIEW_HEADERS } from "../preview/serve";
import { type Db } from "../store";
import * as deploymentsStore from "./store";
import { settle } from "./build";

/** A redirect relative to the asked path (its last segment replaced). */
function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { ...PREVIEW_HEADERS, location } });
}

/**
 * Serves `/hosting/{deploymentId}/{path…}` (after the service's base): the deployment's own snapshot of files, with
 * the preview's sandboxing headers, no key needed (a published site). 404 while it is not ready, after an error and
 * once deleted; `…/` and `…/dir/` serve `index.html` (`…/{id}` and `…/dir` redirect to it); traversal is refused (400)
 * before anything is looked up.
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
  // A folder asked for without its trailing slash (the dashboard's server drops it: `/hosting/{id}/` arrives as
  // `/hosting/{id}`): its index.html, by a redirect, so that the page's relative links resolve inside the folder.
  const last = decoded.at(-1)!;
  const folder = rest.join("/");
  if (!rest.length || (last !== "" && !row.files.some((f) => f.path === folder))) {
    const index = `${folder ? `${folder}/` : ""}index.html`;
    if (row.files.some((f) => f.path === index)) return redirect(`${encodeURIComponent(last)}/index.html`);
  }
  let path = rest.join("/");
  if (path === "" || path.endsWith("/")) path += "index.html";
  const file = row.files.find((f) => f.path === path);
  if (!file) return plainText(404, `${path} not found`);
  return fileResponse(method, path, file);
}
