import type { LookupAddress } from "node:dns";
import { describe, expect, test } from "vitest";
import { publicOnlyLookup } from "./addresses";
import { fetchPublicDocument } from "./public-fetch";

/** What a stranger-supplied URL may reach: never this machine or its network, whatever the name resolves to. */
const resolvingTo =
  (...addresses: string[]) =>
  (_host: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
    );

describe("publicOnlyLookup", () => {
  const lookupWith = (...addresses: string[]) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      publicOnlyLookup(resolvingTo(...addresses))("docs.example", { all: true }, (error, address) =>
        resolve({ error, address }),
      ),
    );

  test("a name resolving to a private address is refused, even when another of its addresses is public", async () => {
    expect((await lookupWith("10.0.0.5")).error?.message).toMatch(/10\.0\.0\.5: not a public address/);
    expect((await lookupWith("93.184.215.14", "127.0.0.1")).error?.message).toMatch(/127\.0\.0\.1/);
  });

  test("a public name passes through, in both of the socket's forms", async () => {
    expect(await lookupWith("93.184.215.14")).toEqual({
      error: null,
      address: [{ address: "93.184.215.14", family: 4 }],
    });
    const single = await new Promise<unknown[]>((resolve) =>
      publicOnlyLookup(resolvingTo("93.184.215.14"))("docs.example", {}, (...args) => resolve(args)),
    );
    expect(single).toEqual([null, "93.184.215.14", 4]);
  });
});

describe("fetchPublicDocument", () => {
  test("never opens a connection to a private address: by literal, by name, or by what a name resolves to", async () => {
    await expect(fetchPublicDocument("https://127.0.0.1/c.json")).rejects.toThrow(/not a public host/);
    await expect(fetchPublicDocument("https://localhost/c.json")).rejects.toThrow(/not a public host/);
    await expect(
      fetchPublicDocument("https://rebind.example/c.json", { resolve: resolvingTo("127.0.0.1") }),
    ).rejects.toThrow(/127\.0\.0\.1: not a public address/);
    await expect(fetchPublicDocument("http://client.example/c.json")).rejects.toThrow(/not https/);
  });
});
