import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { createSessionCheck } from "./session";

const SECRET = "session-test-secret-0123456789abcdef0123456789";
const NAME = "authjs.session-token";

async function token(opts: { secret?: string; maxAge?: number; salt?: string } = {}): Promise<string> {
  return encode({
    token: { name: "admin", sub: "admin" },
    secret: opts.secret ?? SECRET,
    salt: opts.salt ?? NAME,
    maxAge: opts.maxAge ?? 3600,
  });
}

const cookie = (value: string, name = NAME) => new Headers({ cookie: `other=1; ${name}=${value}` });

describe("the proxy's session check", () => {
  it("accepts a valid session cookie and remembers it until it expires", async () => {
    let now = Date.now();
    const check = createSessionCheck(SECRET, () => now);
    const t = await token({ maxAge: 60 });
    expect(await check(cookie(t))).toBe(true);
    expect(await check(cookie(t))).toBe(true);
    now += 61_000;
    expect(await check(cookie(t))).toBe(false);
  });

  it("accepts the secure cookie name", async () => {
    const check = createSessionCheck(SECRET);
    const name = "__Secure-authjs.session-token";
    expect(await check(cookie(await token({ salt: name }), name))).toBe(true);
  });

  it("refuses no cookie, a token of another secret, garbage, an expired token, and a bearer header", async () => {
    const check = createSessionCheck(SECRET);
    expect(await check(new Headers())).toBe(false);
    expect(await check(cookie(await token({ secret: "another-secret-0123456789abcdef0123456789" })))).toBe(false);
    expect(await check(cookie("not-a-token"))).toBe(false);
    expect(await check(cookie(await token({ maxAge: -10 })))).toBe(false);
    expect(await check(new Headers({ authorization: `Bearer ${await token()}` }))).toBe(false);
  });
});
