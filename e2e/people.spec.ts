import type { Browser, Page } from "@playwright/test";
import { E2E_USERNAME, SCREENS_DIR, baseURL, expect, signIn, svc, test } from "./fixtures";

/**
 * People end to end (issue 39), three browser contexts on one server: the admin (the break-glass account) invites a
 * member and a viewer, each opens their one-time link, creates their account and is signed in; the member creates a
 * chat, the viewer reads it without a composer; the audit log lists these steps; a disabled person's open session
 * ends on their next request.
 */
test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36);
const MEMBER = { email: `mara-${run}@example.com`, name: "Mara Member", password: "mara-password-1" };
const VIEWER = { email: `vera-${run}@example.com`, name: "Vera Viewer", password: "vera-password-1" };

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL() });
  return context.newPage();
}

/** Invites through Settings → People and returns the one-time link shown once. */
async function invite(admin: Page, email: string, role: "member" | "viewer"): Promise<string> {
  await admin.getByTestId("invite-button").click();
  const dialog = admin.getByTestId("invite-dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Role").selectOption(role);
  await dialog.getByRole("button", { name: "Create invitation" }).click();
  const link = admin.getByTestId("invitation-link-value");
  await expect(link).toContainText("/invite/");
  const url = (await link.textContent())!.trim();
  await admin.getByTestId("invitation-link").getByRole("button", { name: "Done" }).click();
  await expect(admin.getByTestId("invitation-link")).toHaveCount(0);
  return url;
}

/** Opens an invitation's link, creates the account and lands signed in on the chats page. */
async function accept(page: Page, url: string, person: { name: string; password: string }, role: string) {
  await page.goto(url);
  const form = page.getByTestId("invitation");
  await expect(form).toHaveAttribute("data-role", role);
  await expect(page.getByTestId("invitation-summary")).toContainText(`invited you as a ${role}`);
  await page.getByLabel("Your name").fill(person.name);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByTestId("signed-in-user")).toHaveText(person.name);
  await expect(page.getByTestId("role-badge")).toHaveAttribute("data-role", role);
}

let memberLink = "";
let viewerLink = "";
let chatUrl = "";

test("the admin invites, the invited people create their accounts, the viewer reads without a composer", async ({
  browser,
}) => {
  // Three people, a chat answered, the audit log and its export: one story, longer than a single step.
  test.setTimeout(180_000);
  const admin = await newPage(browser);
  await signIn(admin);
  await expect(admin.getByTestId("role-badge")).toHaveAttribute("data-role", "admin");
  await admin.getByRole("link", { name: "Settings" }).click();
  await admin.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "People" }).click();
  await expect(admin).toHaveURL(/\/settings\/people$/);
  await expect(admin.locator('[data-testid="member-row"][data-id="user_embedded"]')).toContainText(E2E_USERNAME);

  memberLink = await invite(admin, MEMBER.email, "member");
  viewerLink = await invite(admin, VIEWER.email, "viewer");
  const pending = admin.getByTestId("invitation-row");
  await expect(pending.filter({ hasText: MEMBER.email })).toContainText("as member");
  await expect(pending.filter({ hasText: VIEWER.email })).toContainText("as viewer");

  // The member: their link, their account, a chat of theirs.
  const member = await newPage(browser);
  await accept(member, memberLink, MEMBER, "member");
  await member.getByTestId("new-chat-form").getByTestId("composer").fill("a tiny page about lighthouses");
  await member.keyboard.press("Enter");
  await expect(member).toHaveURL(/\/chats\/[^/]+$/);
  chatUrl = new URL(member.url()).pathname;
  const answer = member.locator('[data-testid="message"][data-role="assistant"]').first();
  await expect(answer).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
  await expect(member.getByTestId("composer")).toBeVisible();
  // New chats are private (their author's alone): the member shares this one with the team for the viewer to read.
  const chatId = decodeURIComponent(chatUrl.split("/").pop()!);
  const shared = await member.request.patch(`/api/service/v2/chats/${encodeURIComponent(chatId)}`, {
    headers: { origin: baseURL() },
    data: { privacy: "team" },
  });
  expect(shared.status(), await shared.text()).toBe(200);

  // The viewer: no new-chat form, and the member's chat without a composer.
  const viewer = await newPage(browser);
  await accept(viewer, viewerLink, VIEWER, "viewer");
  await expect(viewer.getByTestId("new-chat-read-only")).toContainText("You have read-only access (viewer)");
  await expect(viewer.getByTestId("new-chat-form")).toHaveCount(0);
  await viewer.goto(chatUrl);
  await expect(viewer.locator('[data-testid="message"][data-role="assistant"]').first()).toBeVisible();
  await expect(viewer.getByTestId("read-only-note")).toContainText("You have read-only access (viewer)");
  await expect(viewer.getByTestId("composer")).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Favorite" })).toHaveCount(0);
  await viewer.screenshot({ path: `${SCREENS_DIR}/people-viewer-chat.png` });
  // People and the audit log are not the viewer's: not in the menu, and the page says so.
  await viewer.goto("/settings");
  await expect(viewer.getByRole("navigation", { name: "Settings" }).getByRole("link")).toHaveText([
    "General",
    "API keys",
    "Budgets",
  ]);
  await viewer.goto("/settings/people");
  await expect(viewer.getByText("For admins only")).toBeVisible();

  // A used link says it cannot be used, as does a link that never existed.
  await viewer.goto(memberLink);
  await expect(viewer.getByTestId("invitation-invalid")).toContainText("This invitation cannot be used");
  await viewer.goto("/invite/not-a-real-token");
  await expect(viewer.getByTestId("invitation-invalid")).toBeVisible();

  // The admin sees both people with their roles; the invitations are no longer pending.
  await admin.reload();
  await expect(
    admin.locator(`[data-testid="member-row"][data-role="member"]`, { hasText: MEMBER.email }),
  ).toBeVisible();
  await expect(
    admin.locator(`[data-testid="member-row"][data-role="viewer"]`, { hasText: VIEWER.email }),
  ).toBeVisible();
  await expect(pending.filter({ hasText: MEMBER.email })).toHaveCount(0);
  const memberId = await admin.locator('[data-testid="member-row"]', { hasText: MEMBER.email }).getAttribute("data-id");
  await admin.screenshot({ path: `${SCREENS_DIR}/people.png`, fullPage: true });
  await admin.emulateMedia({ colorScheme: "dark" });
  await admin.screenshot({ path: `${SCREENS_DIR}/people-dark.png`, fullPage: true });
  await admin.emulateMedia({ colorScheme: "light" });

  // The audit log lists the steps: invitations created and accepted, the sign-ins (by invitation and password).
  await admin.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Audit log" }).click();
  const log = admin.getByTestId("audit-log");
  for (const email of [MEMBER.email, VIEWER.email]) {
    for (const action of ["invitation.created", "invitation.accepted"])
      await expect(log.locator(`[data-testid="audit-entry"][data-action="${action}"]`, { hasText: email })).toHaveCount(
        1,
      );
  }
  await expect(
    log.locator('[data-testid="audit-entry"][data-action="sign_in"]', { hasText: MEMBER.name }),
  ).toContainText("method: invitation");
  await admin.screenshot({ path: `${SCREENS_DIR}/audit-log.png`, fullPage: true });
  await admin.emulateMedia({ colorScheme: "dark" });
  await admin.screenshot({ path: `${SCREENS_DIR}/audit-log-dark.png`, fullPage: true });
  const download = admin.waitForEvent("download");
  await admin.getByTestId("audit-export").click();
  const file = await (await download).path();
  const { readFileSync } = await import("node:fs");
  const lines = readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { action: string });
  expect(lines.map((l) => l.action)).toEqual(expect.arrayContaining(["invitation.created", "invitation.accepted"]));

  // Filters: one action, then one person (the member's own sign-in), then cleared.
  await admin.emulateMedia({ colorScheme: "light" });
  await admin.getByTestId("audit-filter-action").selectOption("invitation.accepted");
  for (const email of [MEMBER.email, VIEWER.email])
    await expect(log.getByTestId("audit-entry").filter({ hasText: email })).toHaveCount(1);
  await expect(log.locator('[data-testid="audit-entry"]:not([data-action="invitation.accepted"])')).toHaveCount(0);
  await admin.getByTestId("audit-filter-action").selectOption("sign_in");
  await admin.getByTestId("audit-filter-actor").selectOption(memberId!);
  await expect(log.getByTestId("audit-entry")).toHaveCount(1);
  await expect(log.getByTestId("audit-entry")).toContainText(MEMBER.name);
  await admin.screenshot({ path: `${SCREENS_DIR}/audit-log-filtered.png`, fullPage: true });
  await admin.getByTestId("audit-filter-clear").click();
  await expect(log.locator('[data-testid="audit-entry"][data-action="invitation.created"]').first()).toBeVisible();
});

test("a disabled person's open session ends on their next request; the member signs in again with the password", async ({
  browser,
}) => {
  const member = await newPage(browser);
  await signIn(member, MEMBER.email, MEMBER.password);
  await expect(member.getByTestId("signed-in-user")).toHaveText(MEMBER.name);

  const admin = await newPage(browser);
  await signIn(admin);
  await admin.goto("/settings/people");
  const row = admin.locator('[data-testid="member-row"]', { hasText: MEMBER.email });
  await row.getByRole("button", { name: "Disable" }).click();
  await expect(row).toHaveAttribute("data-state", "disabled");
  // The first admin cannot be disabled: its controls are off.
  await expect(
    admin.locator('[data-testid="member-row"][data-id="user_embedded"]').getByRole("button", { name: "Disable" }),
  ).toBeDisabled();

  await member.goto(chatUrl);
  await expect(member).toHaveURL(/\/sign-in/);
  await row.getByRole("button", { name: "Enable" }).click();
  await expect(row).toHaveAttribute("data-state", "active");
  await signIn(member, MEMBER.email, MEMBER.password);
});

test("the dashboard's own doors refuse below their role, naming it: admin routes to a member, writes to a viewer", async ({
  browser,
}) => {
  const origin = { origin: baseURL() };
  const member = await newPage(browser);
  await signIn(member, MEMBER.email, MEMBER.password);
  const adminOnly = "This needs the admin role; you are a member.";
  // Revoking a connected MCP client, the webhook inbox's admin routes, the audit log and invitations through the proxy.
  const revoke = await member.request.delete("/api/mcp-clients/mcpc_nope", { headers: origin });
  expect([revoke.status(), (await revoke.json()).message]).toEqual([403, adminOnly]);
  const inboxes = await member.request.get("/api/inbox-admin", { headers: origin });
  expect([inboxes.status(), (await inboxes.json()).message]).toEqual([403, adminOnly]);
  const audit = await member.request.get("/api/service/v2/audit-log");
  expect([audit.status(), (await audit.json()).message]).toEqual([403, adminOnly]);
  const invited = await member.request.post("/api/service/v2/team/invitations", {
    headers: origin,
    data: { email: `sneaky-${run}@example.com`, role: "admin" },
  });
  expect([invited.status(), (await invited.json()).message]).toEqual([403, adminOnly]);

  const viewer = await newPage(browser);
  await signIn(viewer, VIEWER.email, VIEWER.password);
  const chat = await viewer.request.post("/api/service/v2/chats", { headers: origin, data: { message: "hello" } });
  expect([chat.status(), (await chat.json()).message]).toEqual([403, "This needs the member role; you are a viewer."]);

  // Nothing changed: no invitation for that address.
  const admin = await newPage(browser);
  await signIn(admin);
  const pending = await admin.request.get("/api/service/v2/team/invitations");
  expect(JSON.stringify(await pending.json())).not.toContain(`sneaky-${run}`);
});

test("a member writes to the admin's team-edit chat but has no Share button there; the team's default privacy is read-only", async ({
  browser,
  request,
}) => {
  const { chat } = await svc<{ chat: { id: string } }>(request, "POST", "/v2/chats", {
    message: "A shared kanban /fast",
    privacy: "team-edit",
  });
  const member = await newPage(browser);
  await signIn(member, MEMBER.email, MEMBER.password);
  await member.goto(`/chats/${encodeURIComponent(chat.id)}`);
  await expect(member.getByLabel("Message the agent")).toBeVisible();
  await expect(member.getByTitle("Privacy: team-edit").first()).toBeVisible();
  // Only the author changes a chat's privacy: the service would answer 403 author_only.
  await expect(member.getByTestId("share-button")).toHaveCount(0);

  await member.goto("/settings");
  await expect(member.getByTestId("default-privacy-read-only")).toContainText("private");
  await expect(member.getByTestId("default-privacy-form")).toHaveCount(0);
});

test("the invitation page: light, dark and 390 px wide", async ({ browser }) => {
  const admin = await newPage(browser);
  await signIn(admin);
  await admin.goto("/settings/people");
  const link = await invite(admin, `ines-${run}@example.com`, "member");
  const page = await newPage(browser);
  await page.goto(link);
  await expect(page.getByTestId("invitation")).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/invitation.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${SCREENS_DIR}/invitation-dark.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENS_DIR}/invitation-390.png`, fullPage: true });
  await page.goto("/invite/not-a-real-token");
  await page.screenshot({ path: `${SCREENS_DIR}/invitation-invalid-390.png` });
  // Revoked: the link stops working.
  await admin
    .locator('[data-testid="invitation-row"]', { hasText: `ines-${run}` })
    .getByRole("button", {
      name: "Revoke",
    })
    .click();
  await expect(admin.locator('[data-testid="invitation-row"]', { hasText: `ines-${run}` })).toHaveCount(0);
  await page.goto(link);
  await expect(page.getByTestId("invitation-invalid")).toBeVisible();
});

test("API keys: created and shown once, listed with their prefix, rotated (shown once again) and deleted", async ({
  signedIn: page,
}) => {
  await page.goto("/settings/api-keys");
  await page.getByLabel("New key's name").fill(`ci-${run}`);
  await page.getByRole("button", { name: "Create key" }).click();
  const secret = page.getByTestId("api-key-secret-value");
  await expect(secret).toHaveText(/^atl_/);
  const key = (await secret.textContent())!.trim();
  await page.getByTestId("api-key-secret").getByRole("button", { name: "Done" }).click();
  const row = page.locator('[data-testid="api-key-row"]', { hasText: `ci-${run}` });
  await expect(row).toContainText("never used");
  expect(await page.content()).not.toContain(key);
  // The key works against the service as the admin.
  const me = await page.request.get(`${baseURL()}/svc/v2/team/me`, { headers: { authorization: `Bearer ${key}` } });
  expect(await me.json()).toMatchObject({ id: "user_embedded", role: "admin" });
  await page.reload();
  await expect(row).toContainText("last used");
  await page.screenshot({ path: `${SCREENS_DIR}/api-keys.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${SCREENS_DIR}/api-keys-dark.png`, fullPage: true });

  await row.getByRole("button", { name: "Rotate" }).click();
  await page.getByTestId("api-key-confirm").getByRole("button", { name: "Rotate" }).click();
  await expect(secret).toHaveText(/^atl_/);
  expect((await secret.textContent())!.trim()).not.toBe(key);
  await page.getByTestId("api-key-secret").getByRole("button", { name: "Done" }).click();
  const old = await page.request.get(`${baseURL()}/svc/v2/team/me`, { headers: { authorization: `Bearer ${key}` } });
  expect(old.status()).toBe(401);

  await row.getByRole("button", { name: "Delete" }).click();
  await page.getByTestId("api-key-confirm").getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
});
