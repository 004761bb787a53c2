import "server-only";

/** Structural equality of JSON values: same types, same array order, same object keys (in any order). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const otherKeys = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return keys.length === otherKeys.length && keys.every((k) => Object.hasOwn(bo, k) && jsonEqual(ao[k], bo[k]));
}

/**
 * Where two JSON values first differ (`[0].input.cwd`, `.length`), for error messages; null when jsonEqual.
 * Paths are relative: prefix them with the name of the compared value.
 */
export function firstDifference(a: unknown, b: unknown, path = ""): string | null {
  if (jsonEqual(a, b)) return null;
  if (
    typeof a !== "object" ||
    typeof b !== "object" ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return path;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return `${path}.length`;
    for (let i = 0; i < a.length; i++) {
      const found = firstDifference(a[i], other[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return path;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set(
    [...Object.keys(ao), ...Object.keys(bo)].filter((k) => ao[k] !== undefined || bo[k] !== undefined),
  );
  for (const k of keys) {
    const found = firstDifference(ao[k], bo[k], `${path}.${k}`);
    if (found !== null) return found;
  }
  return path;
}
