import { expect, test } from "./fixtures";
import { E2E_CLUSTER_A_URL, E2E_CLUSTER_B_URL } from "./fixtures";

/**
 * Sign-in throttling across two instances on one PostgreSQL database, behind a trusted proxy (the cluster servers
 * have TRUSTED_PROXY=1; the browser sends the X-Forwarded-For the proxy would): failures of one account from one
 * address through either instance count together, so five on A and five on B lock that account + address on both,
 * and the same account from another address is not locked (a username that does not exist, so the e2e account is
 * never locked).
 */
test("behind a trusted proxy, failed sign-ins through two instances add up: the 10th locks the account + address on both", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const username = `ghost-${Date.now().toString(36)}`;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.7" });
  const attempt = async (base: string, password: string) => {
    await page.goto(`${base}/sign-in`);
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("sign-in-error")).toBeVisible({ timeout: 15_000 });
    return (await page.getByTestId("sign-in-error").textContent()) ?? "";
  };
  for (let i = 1; i <= 9; i++) {
    const base = i % 2 ? E2E_CLUSTER_A_URL : E2E_CLUSTER_B_URL;
    expect(await attempt(base, `wrong-${i}`), `failure ${i}`).toBe("Wrong email or password");
  }
  expect(await attempt(E2E_CLUSTER_B_URL, "wrong-10")).toBe("Too many failed sign-ins. Try again in 15 minutes.");
  // A, which saw only five of them, refuses too.
  expect(await attempt(E2E_CLUSTER_A_URL, "wrong-11")).toMatch(
    /^Too many failed sign-ins\. Try again in 1[45] minutes\.$/,
  );

  // Auth.js's own endpoint answers 429 with Retry-After for the locked account + address…
  const post = async (address: string) => {
    const csrf = (await (
      await request.get(`${E2E_CLUSTER_A_URL}/api/auth/csrf`, { headers: { "x-forwarded-for": address } })
    ).json()) as { csrfToken: string };
    return request.post(`${E2E_CLUSTER_A_URL}/api/auth/callback/credentials`, {
      form: { username, password: "anything", csrfToken: csrf.csrfToken },
      headers: { "x-forwarded-for": address },
      maxRedirects: 0,
    });
  };
  const locked = await post("203.0.113.7");
  expect(locked.status()).toBe(429);
  expect(Number(locked.headers()["retry-after"])).toBeGreaterThan(13 * 60);
  expect(((await locked.json()) as { error: string }).error).toMatch(/^Too many failed sign-ins/);
  // …and the same account from another address is only a wrong password, not locked.
  expect((await post("198.51.100.4")).status()).toBe(302);
});
