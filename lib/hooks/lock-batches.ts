import type { PatchVersionBodyV1 } from "@/lib/api/schemas/v1";

/** The proxy and the service take request bodies up to 8 MB: lock PATCHes stay well under that. */
const MAX_PATCH_BYTES = 6 * 1024 * 1024;

const encoder = new TextEncoder();

/**
 * Splits a PATCH body into bodies of at most `maxBytes` of JSON each (a lock toggle resends every covered file
 * with its content, and a folder may hold far more than one request can carry). A single file larger than the
 * limit goes alone. Order is kept.
 */
export function splitPatchBody(body: PatchVersionBodyV1, maxBytes = MAX_PATCH_BYTES): PatchVersionBodyV1[] {
  const out: PatchVersionBodyV1[] = [];
  let current: PatchVersionBodyV1["files"] = [];
  let size = 0;
  for (const file of body.files) {
    const bytes = encoder.encode(JSON.stringify(file)).length + 1;
    if (current.length && size + bytes > maxBytes) {
      out.push({ files: current });
      current = [];
      size = 0;
    }
    current.push(file);
    size += bytes;
  }
  if (current.length) out.push({ files: current });
  return out;
}

/** The body that undoes a lock toggle (every listed file back to the other lock), for rollback. */
export function reverseLockBody(body: PatchVersionBodyV1): PatchVersionBodyV1 {
  return { files: body.files.map((f) => ({ ...f, locked: !f.locked })) };
}
