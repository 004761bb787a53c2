import { create, type Delta } from "jsondiffpatch/with-text-diffs";
import { KNOWN_PART_TYPES, type KnownPart, type Part } from "./schemas";

/**
 * Parts reconstruction (docs/interface.md 6.2, docs/wire-decisions.md 5): `message.parts.chunk` events carry
 * jsondiffpatch deltas of the running parts array.
 * - The producer (the embedded service) sends plain deltas that `jsondiffpatch.create({})` applies, as the real
 *   service's official client does: no text diffs, a changed string is `[old, new]`; default array handling (parts
 *   have no ids, so items are matched by reference, then by position).
 * - The consumer applies every form a deployment may send: plain deltas, text diffs (`[patch, 0, 2]`) and the
 *   string-append form `[[...arrayIndexes, appendedText], 9, 9]`.
 */
const plainDiffer = create({ textDiff: { minLength: Number.MAX_SAFE_INTEGER } });
/** Only to apply text diffs (`[patch, 0, 2]`) that a deployment may send. */
const textPatcher = create();

const KNOWN_TYPES: ReadonlySet<string> = new Set(KNOWN_PART_TYPES);

/**
 * Narrows a validated part to the eight known kinds. `Part` alone does not narrow on `part.type === "text"`
 * (its unknown member has `type: string`); after this guard a switch on `type` does.
 */
export function isKnownPart(part: Part): part is KnownPart {
  return KNOWN_TYPES.has(part.type);
}

/** A delta that cannot be applied to the parts it was given (malformed, out of range, failed text patch). */
export class PartsDeltaError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PartsDeltaError";
  }
}

/**
 * The standard jsondiffpatch delta from `prev` to `next`, or undefined when they are equal.
 * Pass distinct snapshots (never mutate `prev` into `next`); the delta may share values with `next`,
 * so treat both as immutable (JSON.stringify it, or apply it with applyPartsDelta, which never mutates).
 */
export function diffParts(prev: readonly Part[], next: readonly Part[]): unknown | undefined {
  return plainDiffer.diff(prev, next);
}

/**
 * Applies a delta to `parts` without mutating either: the result is a new array when anything changed,
 * unchanged parts (and unchanged nested values) are the same objects as in `parts`, inserted values are
 * taken from the delta as they are. The result equals what jsondiffpatch's own `patch` makes of a clone.
 * Throws PartsDeltaError for anything it cannot apply; there is never a half-applied result.
 */
export function applyPartsDelta(parts: readonly Part[], delta: unknown): Part[] {
  if (delta === undefined) return parts as Part[];
  // The usual case, an array delta: only the items it writes need checking.
  if (isRecord(delta) && delta._t === "a") return patchArray(parts, delta, "parts", checkPart) as Part[];
  const result = patchValue(parts, delta, "parts");
  if (!Array.isArray(result)) throw new PartsDeltaError("delta does not produce a parts array");
  result.forEach((part, i) => checkPart(part, `parts[${i}]`));
  return result as Part[];
}

function checkPart(part: unknown, path: string): void {
  if (!isRecord(part) || typeof part.type !== "string") {
    throw new PartsDeltaError(`delta produces an invalid part at ${path} (an object with a string type is required)`);
  }
}

// ---------------------------------------------------------------------------------------------------
// The immutable patch. It follows jsondiffpatch's patch pipeline (filters trivial, texts, nested, arrays)
// step by step, but copies instead of mutating and refuses what jsondiffpatch would silently botch.

const ARRAY_MOVE = 3;
const TEXT_DIFF = 2;
/** The real service's string-append form: `[[...arrayIndexes, appendedText], 9, 9]`. */
const APPEND = 9;
const INDEX = /^(?:0|[1-9]\d*)$/;
const hasOwn = Object.prototype.hasOwnProperty;

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fail(path: string, what: string): never {
  throw new PartsDeltaError(`cannot apply delta at ${path}: ${what}`);
}

/** The new value of `left` under `delta`; undefined means "removed". */
function patchValue(left: unknown, delta: unknown, path: string): unknown {
  if (delta === undefined) return left;
  if (Array.isArray(delta)) return patchLeaf(left, delta, path);
  if (!isRecord(delta)) return fail(path, `a delta must be an array or an object, got ${typeof delta}`);
  if (hasOwn.call(delta, "_t")) {
    if (delta._t !== "a") return fail(path, `unknown nested delta type ${JSON.stringify(delta._t)}`);
    return patchArray(left, delta, path);
  }
  return patchObject(left, delta, path);
}

function patchLeaf(left: unknown, delta: unknown[], path: string): unknown {
  switch (delta.length) {
    case 1: // added
      return delta[0];
    case 2: // modified
      return delta[1];
    case 3:
      if (delta[2] === 0) return undefined; // deleted
      if (delta[2] === TEXT_DIFF) return patchText(left, delta[0], path);
      if (delta[1] === APPEND && delta[2] === APPEND) return patchAppend(left, delta[0], path);
      if (delta[2] === ARRAY_MOVE) return fail(path, "a move is only valid at an _index of an array delta");
      return fail(path, `unknown leaf delta kind ${JSON.stringify(delta[2])}`);
    default:
      return fail(path, `a leaf delta has 1 to 3 items, got ${delta.length}`);
  }
}

function patchText(left: unknown, diff: unknown, path: string): string {
  if (typeof left !== "string") return fail(path, "a text diff needs a string to patch");
  if (typeof diff !== "string") return fail(path, "a text diff must be a string");
  let result: unknown;
  try {
    result = textPatcher.patch(left, [diff, 0, TEXT_DIFF] as Delta);
  } catch (error) {
    throw new PartsDeltaError(`cannot apply delta at ${path}: text patch failed (${(error as Error).message})`, {
      cause: error,
    });
  }
  if (typeof result !== "string") return fail(path, "text patch did not produce a string");
  return result;
}

/**
 * `[[i, j, …, text], 9, 9]`: follow the array indexes from `left` to a string and append `text` to it (no indexes:
 * `left` itself). Copies along the way; the result shares everything it does not touch.
 */
function patchAppend(left: unknown, spec: unknown, path: string): unknown {
  if (!Array.isArray(spec) || spec.length === 0 || typeof spec[spec.length - 1] !== "string") {
    return fail(path, "a string append needs [...arrayIndexes, text]");
  }
  const indexes = spec.slice(0, -1);
  const text = spec[spec.length - 1] as string;
  const append = (value: unknown, depth: number, at: string): unknown => {
    if (depth === indexes.length) {
      if (typeof value !== "string") return fail(at, "a string append needs a string");
      return value + text;
    }
    const i = indexes[depth];
    if (!Array.isArray(value)) return fail(at, "a string append's index needs an array");
    if (!(typeof i === "number" && Number.isInteger(i) && i >= 0 && i < value.length))
      return fail(at, `invalid append index ${JSON.stringify(i)}`);
    const out = value.slice();
    out[i] = append(value[i], depth + 1, `${at}[${i}]`);
    return out;
  };
  return append(left, 0, path);
}

function patchObject(left: unknown, delta: Json, path: string): unknown {
  if (!isRecord(left)) return fail(path, "an object delta needs an object to patch");
  let out: Json | null = null;
  for (const key of Object.keys(delta)) {
    if (key === "__proto__") continue; // jsondiffpatch never patches it either
    const own = hasOwn.call(left, key);
    const before = own ? left[key] : undefined;
    const after = patchValue(before, delta[key], `${path}.${key}`);
    if (after === undefined) {
      if (own) {
        out ??= { ...left };
        delete out[key];
      }
    } else if (after !== before) {
      out ??= { ...left };
      out[key] = after;
    }
  }
  return out ?? left;
}

interface Insertion {
  index: number;
  value: unknown;
}

function parseIndex(raw: string, path: string): number {
  if (!INDEX.test(raw)) return fail(path, `invalid array index ${JSON.stringify(raw)}`);
  return Number(raw);
}

/** jsondiffpatch's array patch order: removals and moves-out (descending), insertions (ascending), modifications. */
function patchArray(
  left: unknown,
  delta: Json,
  path: string,
  checkItem?: (item: unknown, path: string) => void,
): unknown {
  if (!Array.isArray(left)) return fail(path, "an array delta needs an array to patch");
  const removals: number[] = [];
  const insertions: Insertion[] = [];
  const modifications: { index: number; delta: unknown }[] = [];

  for (const key of Object.keys(delta)) {
    if (key === "_t") continue;
    const item = delta[key];
    if (key.charCodeAt(0) === 95 /* _ */) {
      const index = parseIndex(key.slice(1), path);
      if (index >= left.length) fail(`${path}[${index}]`, `removal beyond the end (length ${left.length})`);
      if (!Array.isArray(item) || item.length !== 3 || (item[2] !== 0 && item[2] !== ARRAY_MOVE)) {
        fail(`${path}[${index}]`, "only a removal [old, 0, 0] or a move [_, to, 3] is valid at an _index");
      }
      if (item[2] === ARRAY_MOVE && !(typeof item[1] === "number" && Number.isInteger(item[1]) && item[1] >= 0)) {
        fail(`${path}[${index}]`, "a move needs a non-negative integer destination");
      }
      removals.push(index);
    } else {
      const index = parseIndex(key, path);
      if (Array.isArray(item) && item.length === 1) insertions.push({ index, value: item[0] });
      else modifications.push({ index, delta: item });
    }
  }
  if (removals.length === 0 && insertions.length === 0 && modifications.length === 0) return left;

  const out = left.slice();
  removals.sort((a, b) => a - b);
  for (let i = removals.length - 1; i >= 0; i--) {
    const index = removals[i]!;
    const removed = out.splice(index, 1)[0];
    const item = delta[`_${index}`] as unknown[];
    if (item[2] === ARRAY_MOVE) insertions.push({ index: item[1] as number, value: removed });
  }
  insertions.sort((a, b) => a.index - b.index); // stable: same order as jsondiffpatch
  for (const { index, value } of insertions) {
    if (index > out.length) fail(`${path}[${index}]`, `insertion beyond the end (length ${out.length})`);
    if (value === undefined) fail(`${path}[${index}]`, "cannot insert undefined");
    checkItem?.(value, `${path}[${index}]`);
    out.splice(index, 0, value);
  }
  for (const { index, delta: itemDelta } of modifications) {
    if (index >= out.length) fail(`${path}[${index}]`, `modification beyond the end (length ${out.length})`);
    const after = patchValue(out[index], itemDelta, `${path}[${index}]`);
    if (after === undefined) fail(`${path}[${index}]`, "an array item cannot be removed by a modification");
    checkItem?.(after, `${path}[${index}]`);
    out[index] = after;
  }
  return out;
}
