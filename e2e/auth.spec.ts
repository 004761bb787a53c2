import { E2E_BASE_URL, E2E_USERNAME, SCREENS_DIR, expect, signIn, test } from "./fixtures";

test.describe("sign-in", () => {
  test("an unauthenticated page visit redirects to the sign-in page", async ({ page }) => {
    for (const path of ["/", "/chats", "/chats/some-chat-id"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/sign-in/);
    }
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await page.screenshot({ path: `${SCREENS_DIR}/sign-in.png` });
  });

  test("a page's server data is not served without a session, even to an RSC request that says it has the layout", async ({
    request,
  }) => {
    // What a client navigation from /chats sends (Next 16's router state of /chats): the shared (dashboard) layout,
    // where the session used to be checked, is not rendered again; only the new page is (e.g. /usage: no redirect).
    const page = (segment: string) => [segment, {}, null, null, 0];
    const chats = ["chats", { children: page("__PAGE__") }, null, null, 0];
    const tree = ["", { children: ["(dashboard)", { children: chats }, null, null, 0] }, null, null, 16];
    const headers = {
      rsc: "1",
      "next-url": "/chats",
      "next-router-state-tree": encodeURIComponent(JSON.stringify(tree)),
    };
    for (const path of ["/settings", "/oauth/authorize?client_id=x&response_type=code"]) {
      const res = await request.get(path, { headers });
      const body = await res.text();
      expect(res.headers()["content-type"], path).toContain("text/x-component");
      // The settings' service facts (the client metadata document's URL) and the consent page never come out…
      expect(body, path).not.toContain("client-metadata.json");
      expect(body, path).not.toContain("Connect an MCP client");
      // …the page itself sends the browser to sign in.
      expect(body, path).toContain("NEXT_REDIRECT;replace;/sign-in?callbackUrl=");
    }
  });

  test("a wrong password is refused with a message", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Username").fill(E2E_USERNAME);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("sign-in-error")).toHaveText("Wrong email or password");
    await expect(page).toHaveURL(/\/sign-in/);
    await page.screenshot({ path: `${SCREENS_DIR}/sign-in-error.png` });
  });

  test("signing in opens the chats page, signing out ends the session", async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole("heading", { name: "Chats", level: 1 })).toBeVisible();
    await expect(page.getByTestId("signed-in-user")).toHaveText(E2E_USERNAME);
    await expect(page.getByTestId("upstream")).toContainText("Embedded service");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto("/chats");
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test("the proxy answers 401 JSON without a session", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    const page = await context.newPage();
    await page.goto("/sign-in");
    const result = await page.evaluate(async () => {
      const res = await fetch("/api/service/v2/chats");
      return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
    });
    expect(result.status).toBe(401);
    expect(result.type).toContain("application/json");
    expect(JSON.parse(result.body)).toHaveProperty("message");
    await context.close();
  });
});
