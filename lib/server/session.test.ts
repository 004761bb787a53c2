import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { createSessionReader } from "./session";

const SECRET = "session-test-secret-0123456789abcdef0123456789";
const NAME = "authjs.session-token";
const CLAIMS = { personId: "user_embedded", sessionEpoch: 3 };

async function token(
  opts: { secret?: string; maxAge?: number; salt?: string; payload?: Record<string, unknown> } = {},
): Promise<string> {
  return encode({
    token: opts.payload ?? { name: "admin", sub: "user_embedded", ...CLAIMS },
    secret: opts.secret ?? SECRET,
    salt: opts.salt ?? NAME,
    maxAge: opts.maxAge ?? 3600,
  });
}

const cookie = (value: string, name = NAME) => new Headers({ cookie: `other=1; ${name}=${value}` });

describe("the proxy's session cookie reading", () => {
  it("reads the person and the session epoch of a valid session cookie, remembered until it expires", async () => {
    let now = Date.now();
    const read = createSessionReader(SECRET, () => now);
    const t = await token({ maxAge: 60 });
    expect(await read(cookie(t))).toEqual(CLAIMS);
    expect(await read(cookie(t))).toEqual(CLAIMS);
    now += 61_000;
    expect(await read(cookie(t))).toBeNull();
  });

  it("accepts the secure cookie name", async () => {
    const read = createSessionReader(SECRET);
    const name = "__Secure-authjs.session-token";
    expect(await read(cookie(await token({ salt: name }), name))).toEqual(CLAIMS);
  });

  it("refuses no cookie, a token of another secret, garbage, an expired token, and a bearer header", async () => {
    const read = createSessionReader(SECRET);
    expect(await read(new Headers())).toBeNull();
    expect(await read(cookie(await token({ secret: "another-secret-0123456789abcdef0123456789" })))).toBeNull();
    expect(await read(cookie("not-a-token"))).toBeNull();
    expect(await read(cookie(await token({ maxAge: -10 })))).toBeNull();
    expect(await read(new Headers({ authorization: `Bearer ${await token()}` }))).toBeNull();
  });

  it("refuses a session from before people (no person or epoch in it): it signs in again", async () => {
    const read = createSessionReader(SECRET);
    expect(await read(cookie(await token({ payload: { name: "admin", sub: "admin" } })))).toBeNull();
    expect(await read(cookie(await token({ payload: { personId: "user_x", sessionEpoch: "1" } })))).toBeNull();
  });
});
