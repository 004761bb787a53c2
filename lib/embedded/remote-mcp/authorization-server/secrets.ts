import "server-only";
import { createHash, randomBytes } from "node:crypto";

/**
 * Codes and tokens are opaque random values (256 bits); only their SHA-256 hashes are stored, so a database dump
 * holds no usable token (nothing to brute-force: a plain hash is enough).
 */
export const newSecret = (prefix: string) => `${prefix}_${randomBytes(32).toString("base64url")}`;

export const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
