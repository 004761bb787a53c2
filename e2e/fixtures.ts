import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

/** The e2e server's settings (playwright.config.ts passes them to `next start`). */
/** `E2E_PORT` lets several checkouts or helpers run browser tests side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT || 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_USERNAME = "e2e";
export const E2E_PASSWORD = "e2e-password-123";
/** The server-held key: it must never reach the browser. */
export const E2E_SERVICE_API_KEY = "sk_e2e_SECRET_never_in_browser_7f3a";
export const E2E_AUTH_SECRET = "e2e-auth-secret-not-for-production-0123456789abcdef";

export const SCREENS_DIR = "test-results/screens";

/** Signs in through the form and waits for the chats page. */
export async function signIn(page: Page, username = E2E_USERNAME, password = E2E_PASSWORD): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/chats$/);
}

/** A test whose `page` is signed in. */
export const test = base.extend<{ signedIn: Page }>({
  signedIn: async ({ page }, use) => {
    await signIn(page);
    await use(page);
  },
});

/** Calls the embedded service directly with the server-held key (setup and checks, not the browser); must answer 2xx. */
export async function svc<T>(request: APIRequestContext, method: string, path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${E2E_BASE_URL}/svc${path}`, {
    method,
    headers: { authorization: `Bearer ${E2E_SERVICE_API_KEY}` },
    ...(data === undefined ? {} : { data }),
  });
  const text = await res.text();
  expect(res.ok(), `${method} ${path} → ${res.status()}: ${text.slice(0, 500)}`).toBe(true);
  return JSON.parse(text) as T;
}

export { expect };
