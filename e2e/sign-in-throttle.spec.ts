import { E2E_PASSWORD, E2E_USERNAME, expect, test } from "./fixtures";

/**
 * Sign-in throttling without a trusted proxy (the e2e servers have no TRUSTED_PROXY): every address shares one count
 * per account, so a lock would let any stranger lock the admin out for everyone. Failures slow further attempts
 * instead (lib/server/sign-in/policy.ts), and the right password still signs in after ten of them, the count the
 * old lock fell at. The lock of one account + address behind a trusted proxy is e2e/cluster-sign-in.spec.ts's.
 */
test("without a trusted proxy, failed sign-ins slow the account down but never lock it: the right password still gets in", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/sign-in");
  const attempt = async (password: string) => {
    await page.getByLabel("Username").fill(E2E_USERNAME);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
  };
  for (let i = 1; i <= 10; i++) {
    await attempt(`wrong-${i}`);
    // Answered later with each failure (up to 10 s between attempts), but never "Too many failed sign-ins".
    await expect(page.getByTestId("sign-in-error"), `failure ${i}`).toHaveText("Wrong email or password", {
      timeout: 20_000,
    });
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled({ timeout: 20_000 });
  }
  await attempt(E2E_PASSWORD);
  await expect(page).toHaveURL(/\/chats$/, { timeout: 30_000 });
});
