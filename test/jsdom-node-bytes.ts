import { Buffer } from "node:buffer";

/**
 * Setup of every vitest file (vitest.config.ts `setupFiles`); acts only under the jsdom environment.
 *
 * Vitest's jsdom environment replaces the global `ArrayBuffer` and `Uint8Array` with the jsdom window's (another
 * realm), while Node's own APIs (webcrypto's digest, TextEncoder, streams) keep making Node's. Code that checks
 * `instanceof ArrayBuffer` then refuses Node's bytes: oauth4webapi's PKCE hashing in the embedded service, which the
 * component tests run in-process, fails with "input.subarray is not a function". A browser has one realm, so giving
 * the tests Node's two constructors back (as vitest's own VM environments do) is what a browser would see; the
 * service's code stays as it runs in production.
 */
if ("jsdom" in globalThis) {
  const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
  globalThis.Uint8Array = NodeUint8Array;
  globalThis.ArrayBuffer = new NodeUint8Array(0).buffer.constructor as ArrayBufferConstructor;
}
