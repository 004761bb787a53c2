/**
 * How deeply a request body may nest objects and arrays. Far beyond any body of the interface (a chat's metadata,
 * an MCP tool's input); what lies beyond would overflow the stack of every recursive walk over it (text checks,
 * schema validation, `JSON.stringify` when it is stored) and end as a 500.
 */
export const MAX_JSON_DEPTH = 64;

/** The error message for a body nested deeper than MAX_JSON_DEPTH. */
export const TOO_DEEP_MESSAGE = `body: objects and arrays nested more than ${MAX_JSON_DEPTH} levels deep.`;

/** Whether a parsed JSON value nests objects and arrays more than `max` levels deep (`{}` is 1). Iterative: any depth. */
export function nestedDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== "object") continue;
    if (depth > max) return true;
    for (const inner of Array.isArray(item) ? item : Object.values(item))
      if (inner !== null && typeof inner === "object") pending.push([inner, depth + 1]);
  }
  return false;
}
