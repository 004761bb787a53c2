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
    // What a client navigation from /chats to /settings sends: the router state of /chats, so the shared
    // (dashboard) layout, where the session used to be checked, is not rendered again.
    const tree = [
      "",
      { children: ["(dashboard)", { children: ["chats", { children: ["__PAGE__", {}] }] }] },
      null,
      null,
      true,
    ];
    const headers = { rsc: "1", "next-router-state-tree": encodeURIComponent(JSON.stringify(tree)) };
    for (const path of ["/settings", "/oauth/authorize?client_id=x&response_type=code"]) {
      const res = await request.get(path, { headers, maxRedirects: 0 });
      const body = await res.text();
      // The settings' service facts (the client metadata document's URL) and the consent form never come out.
      expect(body, path).not.toContain("client-metadata.json");
      expect(body, path).not.toContain("Connect an MCP client");
      expect(`${res.status()} ${res.headers()["location"] ?? ""} ${body}`, path).toMatch(/sign-in/);
    }
  });

  test("a wrong password is refused with a message", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Username").fill(E2E_USERNAME);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("sign-in-error")).toHaveText("Wrong username or password");
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
