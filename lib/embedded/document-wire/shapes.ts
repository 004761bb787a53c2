import "server-only";

/**
 * The places where the spec's shapes and the real service's v2 document differ inside a resource, applied to a JSON
 * answer or event in document mode (`EMBEDDED_WIRE=document`): the chat's hosting project is `vercelProjectId`,
 * usage has no `model`, tool calls and their suggested permissions have no `toolDisplayName`. What a person or the
 * agent wrote (metadata, file contents, a tool's input and output) is never walked into.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Keys whose values are content, not shapes of the interface. */
const CONTENT = new Set(["metadata", "input", "output", "content", "files", "data", "text"]);

export function toDocumentShapes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toDocumentShapes);
  if (!isObj(value)) return value;
  const out: Obj = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "hostProjectId") {
      out.vercelProjectId = v;
      continue;
    }
    out[key] = CONTENT.has(key) ? v : toDocumentShapes(v);
  }
  if (isObj(out.tokens) && isObj(out.creditsCost) && "model" in out) delete out.model;
  if (out.type === "tool-call") {
    delete out.toolDisplayName;
    if (Array.isArray(out.suggestedPermissions)) {
      out.suggestedPermissions = out.suggestedPermissions.map((p) => {
        if (!isObj(p)) return p;
        const { toolDisplayName: _name, ...rest } = p;
        return rest;
      });
    }
  }
  return out;
}
