import { E2E_BASE_URL, E2E_USERNAME, SCREENS_DIR, expect, test } from "./fixtures";

test("settings: account, theme and response mode kept in this browser, the service described without its key", async ({
  signedIn: page,
}) => {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByTestId("settings-user")).toHaveText(E2E_USERNAME);
  await expect(page.getByTestId("settings-upstream")).toContainText("Embedded service");
  const service = page.getByTestId("settings-service");
  await expect(service).toContainText(`${E2E_BASE_URL}/svc/oauth/client-metadata.json`);
  await expect(service).toContainText("PGlite in DATA_DIR");
  await expect(service).toContainText(`${E2E_BASE_URL}/svc/mcp`);

  // Theme: dark sticks across a reload; light turns it off.
  const html = page.locator("html");
  const theme = page.getByRole("group", { name: "Theme" });
  await theme.getByRole("radio", { name: /^Dark/ }).check();
  await expect(html).toHaveClass(/dark/);
  await page.screenshot({ path: `${SCREENS_DIR}/settings-dark.png`, fullPage: true });
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByRole("group", { name: "Theme" }).getByRole("radio", { name: /^Dark/ })).toBeChecked();
  await page
    .getByRole("group", { name: "Theme" })
    .getByRole("radio", { name: /^Light/ })
    .check();
  await expect(html).not.toHaveClass(/dark/);

  // Response mode: Async here is what the new-chat form starts with; arrow keys move the choice.
  const modes = page.getByRole("group", { name: "Response mode for prompts" });
  await modes.getByRole("radio", { name: /^Async/ }).check();
  await page.goto("/chats");
  await expect(
    page.getByTestId("new-chat-form").getByTestId("response-mode").getByRole("radio", { name: "Async", exact: true }),
  ).toBeChecked();
  await page.goto("/settings");
  await page
    .getByRole("group", { name: "Response mode for prompts" })
    .getByRole("radio", { name: /^Async/ })
    .focus();
  await page.keyboard.press("ArrowRight");
  await expect(
    page.getByRole("group", { name: "Response mode for prompts" }).getByRole("radio", { name: /^Sync/ }),
  ).toBeChecked();
  await page.goto("/chats");
  await expect(
    page.getByTestId("new-chat-form").getByTestId("response-mode").getByRole("radio", { name: "Sync", exact: true }),
  ).toBeChecked();
  // Back to the default for the tests that follow in this browser context (each test has its own context anyway).
  await page.goto("/settings");
  await page
    .getByRole("group", { name: "Response mode for prompts" })
    .getByRole("radio", { name: /^Stream/ })
    .check();

  // Sign out from here.
  await page.getByTestId("settings-account").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
});
