import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type OpenedDatabase } from "../../store";
import { RemoteMcpAuth } from ".";
import { oauthErrorResponse, RegistrationLimitError } from "./errors";
import { MAX_UNAPPROVED_CLIENTS } from "./registration";

/**
 * What the authorization server keeps: open registration is bounded (unapproved registrations are forgotten after an
 * hour, at most MAX_UNAPPROVED_CLIENTS wait), expired codes and tokens are deleted. On a clock the test moves.
 */
const BASE = "http://svc.test/svc";
const REDIRECT = "http://127.0.0.1:8765/callback";
const MINUTE = 60_000;
let database: OpenedDatabase;
let clock = new Date("2026-01-01T00:00:00Z").getTime();
let auth: RemoteMcpAuth;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  auth = new RemoteMcpAuth({
    db: database.db,
    publicBaseUrl: BASE,
    authorizeUrl: "http://svc.test/oauth/authorize",
    now: () => new Date(clock),
  });
});
afterAll(async () => {
  await database.close();
});

const register = () => auth.register({ client_name: "Anyone", redirect_uris: [REDIRECT] });

function authorizeParams(clientId: string, challenge = "c".repeat(43)) {
  return {
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: "S256",
    resource: `${BASE}/mcp`,
  };
}

async function refused(): Promise<RegistrationLimitError> {
  const error = await register().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RegistrationLimitError);
  return error as RegistrationLimitError;
}

describe("open registration is bounded", () => {
  test(`${MAX_UNAPPROVED_CLIENTS} unapproved registrations wait at most; the next gets 429 until the oldest is forgotten`, async () => {
    const first = await register();
    clock += MINUTE;
    const batch: string[] = [];
    for (let i = 1; i < MAX_UNAPPROVED_CLIENTS; i++) batch.push((await register()).client_id);

    const limit = await refused();
    expect(limit.retryAfterS).toBe(59 * 60);
    const res = oauthErrorResponse(limit);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe(String(59 * 60));
    expect(await res.json()).toMatchObject({ error: "too_many_requests" });

    // An approval takes the client out of the waiting ones: one more may register.
    const decided = await auth.decide(authorizeParams(first.client_id), true, "admin");
    expect(decided.ok).toBe(true);
    await register();
    await refused();

    // An hour after the second minute its registrations are forgotten; the approved client stays.
    clock += 59 * MINUTE;
    expect((await refused()).retryAfterS).toBe(60);
    expect(await auth.checkAuthorization(authorizeParams(batch[0]!))).toMatchObject({ ok: true });
    clock += MINUTE + 1;
    await register();
    for (const clientId of [batch[0]!, batch.at(-1)!])
      expect(await auth.checkAuthorization(authorizeParams(clientId))).toMatchObject({
        ok: false,
        error: "invalid_client",
      });
    expect(await auth.checkAuthorization(authorizeParams(first.client_id))).toMatchObject({ ok: true });
  });
});

describe("expired codes and tokens", () => {
  test("are deleted a day after they expire; what is live stays and still works", async () => {
    clock += 2 * 24 * 60 * MINUTE;
    await auth.prune(); // what the test above left
    const client = await auth.register({ client_name: "Kept", redirect_uris: [REDIRECT] });
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const decided = await auth.decide(authorizeParams(client.client_id, challenge), true, "admin");
    if (!decided.ok || !("redirectTo" in decided)) throw new Error("not approved");
    const code = new URL(decided.redirectTo).searchParams.get("code")!;
    const form = (values: Record<string, string>) => new URLSearchParams({ client_id: client.client_id, ...values });
    const t1 = await auth.token(
      form({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT }),
    );
    expect(await auth.prune()).toEqual({ codes: 0, tokens: 0 });

    // Two days on: the code (2 min) and the first access token (1 h) are gone; the refresh token (30 days) stays.
    clock += 2 * 24 * 60 * MINUTE;
    expect(await auth.prune()).toEqual({ codes: 1, tokens: 1 });
    const t2 = await auth.token(form({ grant_type: "refresh_token", refresh_token: t1.refresh_token! }));
    expect(await auth.verify(`Bearer ${t2.access_token}`)).toMatchObject({ clientId: client.client_id });

    // Past the refresh tokens' lifetime and a day: every token of the grant is gone, the client is still known.
    clock += 32 * 24 * 60 * MINUTE;
    expect(await auth.prune()).toEqual({ codes: 0, tokens: 3 });
    await expect(auth.token(form({ grant_type: "refresh_token", refresh_token: t2.refresh_token! }))).rejects.toThrow(
      /refresh token is invalid/,
    );
    expect(await auth.checkAuthorization(authorizeParams(client.client_id))).toMatchObject({ ok: true });
  });
});
