import { E2E_PASSWORD, expect, test } from "./fixtures";

/**
 * Sign-in throttling, against a username that does not exist so the e2e account other specs sign in
 * with is never locked: failures for an unknown username are counted per username + address like any other.
 * (The real account's reset-on-success path is unit-tested in lib/server/sign-in/throttle.test.ts.)
 */
test("10 failed sign-ins lock the account + address: the page says so, then the right password is refused too", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const username = `ghost-${Date.now().toString(36)}`;
  await page.goto("/sign-in");
  const attempt = async (password: string) => {
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(password);
    const started = Date.now();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled({ timeout: 15_000 });
    return Date.now() - started;
  };
  const took: number[] = [];
  for (let i = 1; i <= 9; i++) {
    took.push(await attempt(`wrong-${i}`));
    await expect(page.getByTestId("sign-in-error")).toHaveText("Wrong username or password");
  }
  // Slowed down, more with each failure.
  expect(took[8]!).toBeGreaterThan(took[0]! + 500);
  await attempt("wrong-10");
  await expect(page.getByTestId("sign-in-error")).toHaveText("Too many failed sign-ins. Try again in 15 minutes.");
  // Locked: even a right password (here the e2e account's, for this unknown name) is refused with the same message.
  await attempt(E2E_PASSWORD);
  await expect(page.getByTestId("sign-in-error")).toHaveText(
    /^Too many failed sign-ins\. Try again in 1[45] minutes\.$/,
  );
  await expect(page).toHaveURL(/\/sign-in/);

  // Auth.js's own endpoint answers 429 with Retry-After for the locked account + address.
  const csrf = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await request.post("/api/auth/callback/credentials", {
    form: { username, password: "anything", csrfToken: csrf.csrfToken },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(429);
  expect(Number(res.headers()["retry-after"])).toBeGreaterThan(13 * 60);
  expect(((await res.json()) as { error: string }).error).toMatch(/^Too many failed sign-ins/);

  // Another username from the same address is not affected.
  await page.getByLabel("Username").fill(`${username}-other`);
  await page.getByLabel("Password").fill("wrong");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("sign-in-error")).toHaveText("Wrong username or password");
});
