import { create, type Delta } from "jsondiffpatch/with-text-diffs";
import { KNOWN_PART_TYPES, type KnownPart, type Part } from "./schemas";

/**
 * Parts reconstruction (spec 6.2, DESIGN 5): `message.parts.chunk` events carry standard jsondiffpatch
 * deltas of the running parts array. Producer and consumer share this one DiffPatcher: text diffs on
 * (strings of 60+ characters that change become diff-match-patch text deltas), default array handling
 * (parts have no ids, so items are matched by reference, then by position).
 */
const differ = create();
/**
 * Same deltas without text diffs, for parts holding a string with a lone UTF-16 surrogate (a string cut
 * in the middle of an emoji): diff-match-patch throws on some of them and silently drops others.
 */
const plainDiffer = create({ textDiff: { minLength: Number.MAX_SAFE_INTEGER } });

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
  return (hasIllFormedText(prev, next) ? plainDiffer : differ).diff(prev, next);
}

/** Whether a part present in only one of the arrays (by identity) holds a string that is not well-formed UTF-16. */
function hasIllFormedText(prev: readonly Part[], next: readonly Part[]): boolean {
  const inPrev = new Set<unknown>(prev);
  const inNext = new Set<unknown>(next);
  for (const part of next) if (!inPrev.has(part) && hasIllFormedString(part)) return true;
  for (const part of prev) if (!inNext.has(part) && hasIllFormedString(part)) return true;
  return false;
}

function hasIllFormedString(value: unknown): boolean {
  if (typeof value === "string") return !value.isWellFormed();
  if (typeof value !== "object" || value === null) return false;
  for (const v of Array.isArray(value) ? value : Object.values(value)) if (hasIllFormedString(v)) return true;
  return false;
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
    result = differ.patch(left, [diff, 0, TEXT_DIFF] as Delta);
  } catch (error) {
    throw new PartsDeltaError(`cannot apply delta at ${path}: text patch failed (${(error as Error).message})`, {
      cause: error,
    });
  }
  if (typeof result !== "string") return fail(path, "text patch did not produce a string");
  return result;
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
function patchArray(left: unknown, delta: Json, path: string, checkItem?: (item: unknown, path: string) => void): unknown {
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
