import "server-only";
import { HttpError } from "../errors";

/**
 * Text the database cannot store exactly: PostgreSQL text and jsonb refuse U+0000, and a lone UTF-16 surrogate
 * cannot be encoded as UTF-8 (it would come back as U+FFFD). Every other character, control characters included,
 * round-trips. Returns why `s` is refused, or null.
 */
export function unstorableReason(s: string): string | null {
  if (s.includes("\u0000")) return "must not contain the NUL character (U+0000)";
  if (!s.isWellFormed()) return "must not contain a lone UTF-16 surrogate (not valid Unicode)";
  return null;
}

/** `files[3].content`, `metadata.foo`, `metadata["a b"]`: how an error names a place in a JSON body. */
function child(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
  if (!path) return name.startsWith('"') ? `[${name}]` : name;
  return name.startsWith('"') ? `${path}[${name}]` : `${path}.${name}`;
}

/** The first string (value or object key) of a parsed JSON value the database cannot store, with its path. */
export function findUnstorableText(value: unknown, path = ""): { path: string; reason: string } | null {
  if (typeof value === "string") {
    const reason = unstorableReason(value);
    return reason ? { path: path || "body", reason } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], child(path, i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const keyReason = unstorableReason(key);
      if (keyReason) return { path: path || "body", reason: `keys ${keyReason}` };
      const found = findUnstorableText(item, child(path, key));
      if (found) return found;
    }
  }
  return null;
}

/** Refuses (422, naming the field) a JSON body holding text the database cannot store. */
export function assertStorableBody(value: unknown): void {
  const found = findUnstorableText(value);
  if (found) throw new HttpError(422, `${found.path}: ${found.reason}.`, "validation_failed");
}

/** Refuses (422, naming the parameter) query parameters holding text the database cannot store. */
export function assertStorableQuery(url: URL): void {
  for (const [name, value] of url.searchParams) {
    const reason = unstorableReason(name) ?? unstorableReason(value);
    if (reason) throw new HttpError(422, `query parameter ${JSON.stringify(name)}: ${reason}.`, "validation_failed");
  }
}
