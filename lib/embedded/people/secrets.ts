import "server-only";
import { PASSWORD_LENGTH } from "@/lib/api";
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/** Key material of the people feature: API keys, invitation tokens and passwords (docs/people.md). */

export const sha256Hex = (s: string) => createHash("sha256").update(s).digest("hex");

const LOOKUP_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
const LOOKUP_LENGTH = 12;

function lookupPart(): string {
  let out = "";
  for (const b of randomBytes(LOOKUP_LENGTH)) out += LOOKUP_ALPHABET[b % LOOKUP_ALPHABET.length];
  return out;
}

interface NewApiKey {
  /** The key, shown once: `atl_<lookup>_<secret>`. */
  key: string;
  /** Public, indexed: how the key's row is found. */
  lookup: string;
  /** What lists show: `atl_<lookup>`. */
  prefix: string;
  /** SHA-256 of the whole key (hex). */
  hash: string;
}

export function newApiKey(): NewApiKey {
  const lookup = lookupPart();
  const key = `atl_${lookup}_${randomBytes(32).toString("base64url")}`;
  return { key, lookup, prefix: prefixOf(lookup), hash: sha256Hex(key) };
}

export const prefixOf = (lookup: string) => `atl_${lookup}`;

const KEY_SHAPE = /^atl_([0-9a-z]{12})_([A-Za-z0-9_-]{43})$/;

/** The lookup part of something shaped like a person's key; null otherwise. */
export function lookupOf(key: string): string | null {
  return KEY_SHAPE.exec(key)?.[1] ?? null;
}

const DUMMY_HASH = sha256Hex("atl_000000000000_no-such-key");

/** Whether `key` hashes to `storedHash` (hex), in constant time; `storedHash` null compares against a dummy (same time). */
export function keyMatches(key: string, storedHash: string | null): boolean {
  const want = Buffer.from(storedHash ?? DUMMY_HASH, "hex");
  const got = createHash("sha256").update(key).digest();
  return want.length === got.length && timingSafeEqual(want, got) && storedHash !== null;
}

/** A one-time token (invitations): 32 random bytes, base64url, and its SHA-256 to store. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: sha256Hex(token) };
}

// ----- passwords: scrypt from node:crypto -----

const SCRYPT: Required<Pick<ScryptOptions, "N" | "r" | "p">> = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, { ...opts, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$<salt>$<hash>` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT);
  return ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** A hash of a password nobody has, checked when the person is unknown (so the answer takes as long). */
let dummyPasswordHash: Promise<string> | null = null;

/** Whether the password matches the stored hash; null (no person, no password) still spends the time of one check. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const hash = stored ?? (await (dummyPasswordHash ??= hashPassword(randomBytes(16).toString("hex"))));
  const [scheme, n, r, p, salt, key] = hash.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const want = Buffer.from(key, "base64url");
  const got = await scryptAsync(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return want.length === got.length && timingSafeEqual(want, got) && stored !== null;
}

/** Passwords: PASSWORD_LENGTH (8 to 1,000 characters). The message when not. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_LENGTH.min)
    return `The password must have at least ${PASSWORD_LENGTH.min} characters.`;
  if (password.length > PASSWORD_LENGTH.max)
    return `The password must have at most ${PASSWORD_LENGTH.max.toLocaleString("en")} characters.`;
  return null;
}
