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

/**
 * The `reference` project: a second server (its own port and DATA_DIR) whose SERVICE_BASE_URL is the reference
 * upstream peer (e2e/peers/reference-upstream.ts), which speaks the public OpenAPI document by translating that same
 * server's own embedded service at /svc (EMBEDDED_SERVICE=on).
 */
export const REFERENCE_PROJECT = "reference";
export const E2E_REF_PORT = Number(process.env.E2E_REF_PORT || E2E_PORT + 1);
export const E2E_REF_BASE_URL = `http://127.0.0.1:${E2E_REF_PORT}`;
export const E2E_PEER_PORT = Number(process.env.E2E_PEER_PORT || E2E_PORT + 2);
export const E2E_PEER_URL = `http://127.0.0.1:${E2E_PEER_PORT}`;

/**
 * The `model` project: a third server (its own port and DATA_DIR) whose embedded service answers with the
 * model-backed agent (AGENT_BASE_URL) over a scripted OpenAI-compatible peer that its spec starts on E2E_MODEL_PEER_PORT.
 */
export const MODEL_PROJECT = "model";
export const E2E_MODEL_PORT = Number(process.env.E2E_MODEL_PORT || E2E_PORT + 3);
export const E2E_MODEL_BASE_URL = `http://127.0.0.1:${E2E_MODEL_PORT}`;
export const E2E_MODEL_PEER_PORT = Number(process.env.E2E_MODEL_PEER_PORT || E2E_PORT + 4);
export const E2E_MODEL_NAME = "peer-coder";

/**
 * Single sign-on (e2e/oidc-sign-in.spec.ts, in the `model` project): server C also signs people in through an OpenID
 * provider (e2e/peers/oauth-provider.ts) that the spec starts on this port, with people's passwords switched off
 * (AUTH_PASSWORD_SIGN_IN=off); its other specs sign in with the break-glass account as before.
 */
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT || E2E_PORT + 9);
export const E2E_OIDC = {
  issuer: `http://127.0.0.1:${E2E_OIDC_PORT}`,
  clientId: "atelier-sso",
  clientSecret: "atelier-sso-secret-0123456789",
  name: "Test SSO",
} as const;

/**
 * The `cluster` project: two servers (instances) on one PostgreSQL database (TEST_DATABASE_URL's server); the browser
 * uses B while A generates.
 */
export const CLUSTER_PROJECT = "cluster";
/** The `document` project: the same specs as `reference`, against a server whose embedded service speaks the document. */
export const DOCUMENT_PROJECT = "document";
export const E2E_DOC_PORT = Number(process.env.E2E_DOC_PORT || E2E_PORT + 8);
export const E2E_DOC_BASE_URL = `http://127.0.0.1:${E2E_DOC_PORT}`;
export const E2E_CLUSTER_A_PORT = Number(process.env.E2E_CLUSTER_A_PORT || E2E_PORT + 5);
export const E2E_CLUSTER_B_PORT = Number(process.env.E2E_CLUSTER_B_PORT || E2E_PORT + 6);
/**
 * The project `chromium-2`: a second server with the default one's settings, for specs moved off the default server so
 * that scripts/e2e.sh's two runs take about as long (playwright.config.ts SECOND_SERVER_SPECS).
 */
export const SECOND_PROJECT = "chromium-2";
export const E2E_SECOND_PORT = Number(process.env.E2E_SECOND_PORT || E2E_PORT + 7);
export const E2E_SECOND_BASE_URL = `http://127.0.0.1:${E2E_SECOND_PORT}`;
/** The project `lifecycle`: e2e/lifecycle.spec.ts, which starts its own servers (no project server). */
export const LIFECYCLE_PROJECT = "lifecycle";

export const E2E_CLUSTER_A_URL = `http://127.0.0.1:${E2E_CLUSTER_A_PORT}`;
export const E2E_CLUSTER_B_URL = `http://127.0.0.1:${E2E_CLUSTER_B_PORT}`;

export const SCREENS_DIR = "test-results/screens";

/**
 * The preview listener's port of a project server (PREVIEW_PORT, set by playwright.config.ts): 20 above the server's
 * own, so E2E_PORT+20 … +28 (lifecycle servers use +30 above theirs, e2e/server-process.ts).
 */
export const previewPortOf = (serverUrl: string): number => Number(new URL(serverUrl).port) + 20;

/** The running test's project base URL (the server under test); the default server outside a test. */
export function baseURL(): string {
  try {
    return base.info().project.use.baseURL ?? E2E_BASE_URL;
  } catch {
    return E2E_BASE_URL;
  }
}

/** Whether the running test belongs to the reference project (dashboard → document-shaped peer → embedded). */
export function isReference(): boolean {
  try {
    return base.info().project.name === REFERENCE_PROJECT;
  } catch {
    return false;
  }
}

/** Whether the server under test speaks the document (reference or document project): tool calls have no display names. */
export function speaksDocument(): boolean {
  try {
    return [REFERENCE_PROJECT, DOCUMENT_PROJECT].includes(base.info().project.name);
  } catch {
    return false;
  }
}

/** Browser requests that poll one message by id (GET …/v2/chats/{id}/messages/{messageId}): the stream fallback. */
const MESSAGE_POLL = /\/api\/service\/v2\/chats\/[^/]+\/messages\/(?!stream$|async$|resolve)[^/?]+$/;

/** Lets a reference-project test poll messages by id (async answers poll by design). */
export function allowPolling(): void {
  base.info().annotations.push({ type: "polls", description: "this test polls messages by design" });
}

/**
 * Signs in through the form and waits for the chats page. Where people's passwords are switched off
 * (AUTH_PASSWORD_SIGN_IN=off), the break-glass account's form is behind the "Administrator sign-in" link.
 */
export async function signIn(page: Page, username = E2E_USERNAME, password = E2E_PASSWORD): Promise<void> {
  await page.goto("/sign-in");
  const breakGlass = page.getByRole("link", { name: "Administrator sign-in" });
  if (await breakGlass.isVisible()) await breakGlass.click();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // A server's first sign-in opens its database (the people directory lives there): seconds on a busy machine.
  await expect(page).toHaveURL(/\/chats$/, { timeout: 45_000 });
}

interface PeerViolation {
  method: string;
  path: string;
  operation: string | null;
  event?: string;
  errors: Array<{ instancePath: string; message?: string; params?: unknown }>;
}

/** The reference peer's records so far. */
async function peerViolations(): Promise<{
  requests: PeerViolation[];
  responses: PeerViolation[];
  unknownOperations: string[];
}> {
  const get = async (path: string) =>
    (await (await fetch(`${E2E_PEER_URL}${path}`)).json()) as {
      violations: PeerViolation[];
      unknownOperations?: string[];
    };
  const [requests, responses] = await Promise.all([get("/__peer/violations"), get("/__peer/response-violations")]);
  return {
    requests: requests.violations,
    responses: responses.violations,
    unknownOperations: requests.unknownOperations ?? [],
  };
}

function describeViolation(v: PeerViolation): string {
  const errors = v.errors.map((e) =>
    `${e.instancePath || "/"} ${e.message ?? ""} ${e.params ? JSON.stringify(e.params) : ""}`.trim(),
  );
  return `  ${v.operation ?? `${v.method} ${v.path}`}${v.event ? ` (${v.event})` : ""}: ${errors.join("; ")}`;
}

/**
 * A test whose `page` is signed in. In the reference project every test also fails on an uncaught page error,
 * and on a message polled by id (the dashboard's fallback when it cannot follow a stream) unless it allowed polling.
 */
export const test = base.extend<{ signedIn: Page; referenceChecks: void }>({
  signedIn: async ({ page }, use) => {
    await signIn(page);
    await use(page);
  },
  referenceChecks: [
    async ({ page }, use, testInfo) => {
      if (testInfo.project.name !== REFERENCE_PROJECT) return use();
      const seen = await peerViolations();
      const errors: string[] = [];
      const polls: string[] = [];
      page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.stack ?? error.message}`));
      page.context().on("request", (r) => {
        if (r.method() === "GET" && MESSAGE_POLL.test(new URL(r.url()).pathname)) polls.push(new URL(r.url()).pathname);
      });
      await use();
      // What the dashboard sent that the document does not accept: reported (test output + attachment), not failed.
      const now = await peerViolations();
      const requests = now.requests.slice(seen.requests.length);
      if (requests.length) {
        console.log(
          `[reference] ${testInfo.title}: ${requests.length} request(s) the document does not accept:\n${requests.map(describeViolation).join("\n")}`,
        );
        await testInfo.attach("request-violations.json", {
          body: JSON.stringify(requests, null, 2),
          contentType: "application/json",
        });
      }
      if (now.unknownOperations.length)
        await testInfo.attach("operations-not-in-the-document.json", {
          body: JSON.stringify(now.unknownOperations, null, 2),
          contentType: "application/json",
        });
      // What the peer sent must be what the document describes.
      expect(
        now.responses.slice(seen.responses.length),
        "answers of the reference peer that the document does not describe",
      ).toEqual([]);
      expect(errors, "uncaught errors in the page (reference project)").toEqual([]);
      if (!testInfo.annotations.some((a) => a.type === "polls")) {
        expect(polls, "messages polled by id: a stream was not followed to its end (reference project)").toEqual([]);
      }
    },
    { auto: true },
  ],
});

/** Calls the project's embedded service (`{baseURL}/svc`) directly with the server-held key (setup and checks, not the browser); must answer 2xx. */
export async function svc<T>(request: APIRequestContext, method: string, path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${baseURL()}/svc${path}`, {
    method,
    headers: { authorization: `Bearer ${E2E_SERVICE_API_KEY}` },
    ...(data === undefined ? {} : { data }),
  });
  const text = await res.text();
  expect(res.ok(), `${method} ${path} → ${res.status()}: ${text.slice(0, 500)}`).toBe(true);
  return JSON.parse(text) as T;
}

export { expect };
