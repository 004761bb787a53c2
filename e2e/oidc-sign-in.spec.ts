import { E2E_MODEL_BASE_URL, E2E_OIDC, E2E_OIDC_PORT, SCREENS_DIR, expect, signIn, test } from "./fixtures";
import { startOAuthProvider, type OAuthProviderPeer } from "./peers/oauth-provider";

/**
 * Single sign-on end to end (project `model`: server C has OIDC_* set and AUTH_PASSWORD_SIGN_IN=off) against a real
 * OpenID provider on 127.0.0.1 (oidc-provider): Auth.js's authorization code flow with PKCE, state and nonce; the
 * `groups` claim gives the role (engineering → member, readers → viewer), no matching value is refused with a page that
 * says so; the password form is hidden, the break-glass account keeps its link.
 */
test.describe.configure({ mode: "serial" });

const CALLBACK = `${E2E_MODEL_BASE_URL}/api/auth/callback/oidc`;
let provider: OAuthProviderPeer;

test.beforeAll(async () => {
  provider = await startOAuthProvider({
    port: E2E_OIDC_PORT,
    redirectUris: [CALLBACK],
    extraClients: [
      {
        client_id: E2E_OIDC.clientId,
        client_secret: E2E_OIDC.clientSecret,
        token_endpoint_auth_method: "client_secret_basic",
        redirect_uris: [CALLBACK],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    accounts: {
      "sso-mia": {
        email: "mia@example.com",
        email_verified: true,
        name: "Mia Member",
        groups: ["staff", "engineering"],
      },
      "sso-vic": { email: "vic@example.com", email_verified: true, name: "Vic Viewer", groups: "readers" },
      "sso-nan": { email: "nan@example.com", email_verified: true, name: "Nan Nobody", groups: ["sales"] },
    },
  });
});
test.afterAll(() => provider?.close());

async function signInWithSso(page: import("@playwright/test").Page, account: string) {
  provider.setLogin(account);
  await page.goto("/sign-in");
  await page.getByRole("button", { name: `Sign in with ${E2E_OIDC.name}` }).click();
}

test("passwords switched off: the form is hidden, single sign-on is the way in, the break-glass account has a link", async ({
  page,
}) => {
  await page.goto("/sign-in");
  await expect(page.getByRole("button", { name: `Sign in with ${E2E_OIDC.name}` })).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS_DIR}/sign-in-sso.png` });
  await page.getByRole("link", { name: "Administrator sign-in" }).click();
  await expect(page.getByRole("heading", { name: "Administrator sign-in" })).toBeVisible();
  await expect(page.getByLabel("Username")).toBeVisible();
});

test("a person signs in with the button and their claim makes them a member", async ({ page }) => {
  await signInWithSso(page, "sso-mia");
  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByTestId("signed-in-user")).toHaveText("Mia Member");
  await expect(page.getByTestId("role-badge")).toHaveAttribute("data-role", "member");
  await expect(page.getByTestId("new-chat-form")).toBeVisible();
});

test("another claim value makes a viewer: no composer", async ({ page }) => {
  await signInWithSso(page, "sso-vic");
  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByTestId("signed-in-user")).toHaveText("Vic Viewer");
  await expect(page.getByTestId("role-badge")).toHaveAttribute("data-role", "viewer");
  await expect(page.getByTestId("new-chat-read-only")).toContainText("You have read-only access (viewer)");
  await expect(page.getByTestId("composer")).toHaveCount(0);
});

test("no matching value: refused with a page that says so, and no session", async ({ page }) => {
  await signInWithSso(page, "sso-nan");
  await expect(page).toHaveURL(/\/sign-in\/refused\?reason=no-role$/);
  await expect(page.getByTestId("sign-in-refused")).toContainText("none of the groups or roles");
  await page.screenshot({ path: `${SCREENS_DIR}/sign-in-refused.png` });
  await page.goto("/chats");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("the admin sees the people single sign-on created, with their roles, and the refusal in the audit log", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/settings/people");
  await expect(
    page.locator('[data-testid="member-row"][data-role="member"]', { hasText: "mia@example.com" }),
  ).toBeVisible();
  await expect(
    page.locator('[data-testid="member-row"][data-role="viewer"]', { hasText: "vic@example.com" }),
  ).toBeVisible();
  await expect(page.locator('[data-testid="member-row"]', { hasText: "nan@example.com" })).toHaveCount(0);
  await page.goto("/settings/audit-log");
  await expect(
    page.locator('[data-testid="audit-entry"][data-action="sign_in.failed"]', { hasText: "nan@example.com" }),
  ).toContainText("reason: no-role");
  await expect(
    page.locator('[data-testid="audit-entry"][data-action="sign_in"]', { hasText: "Mia Member" }),
  ).toContainText("method: oidc");
});
