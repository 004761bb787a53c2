import { expect, test } from "./fixtures";
import { E2E_CLUSTER_A_URL, E2E_CLUSTER_B_URL } from "./fixtures";

/**
 * Sign-in throttling across two instances on one PostgreSQL database: failures through either count together, so
 * five on A and five on B lock the account + address on both (a username that does not exist, so the e2e account is
 * never locked).
 */
test("failed sign-ins through two instances add up: the 10th locks the account on both", async ({ page }) => {
  test.setTimeout(90_000);
  const username = `ghost-${Date.now().toString(36)}`;
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
    expect(await attempt(base, `wrong-${i}`), `failure ${i}`).toBe("Wrong username or password");
  }
  expect(await attempt(E2E_CLUSTER_B_URL, "wrong-10")).toBe("Too many failed sign-ins. Try again in 15 minutes.");
  // A, which saw only five of them, refuses too.
  expect(await attempt(E2E_CLUSTER_A_URL, "wrong-11")).toMatch(
    /^Too many failed sign-ins\. Try again in 1[45] minutes\.$/,
  );
});
