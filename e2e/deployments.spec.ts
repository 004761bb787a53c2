import type { APIRequestContext } from "@playwright/test";
import { SCREENS_DIR, expect, svc, test } from "./fixtures";

interface V1Chat {
  id: string;
  latestVersion?: { id: string };
}

/** A chat whose only file is notes.md: its version has no index.html, so a deployment of it fails. */
const notesOnlyChat = (request: APIRequestContext) =>
  svc<V1Chat>(request, "POST", "/v1/chats", {
    type: "files",
    files: [{ name: "notes.md", content: "# Not a site" }],
    initialContext: "Notes only",
  });

test("deployments: deploy a chat's latest version, see it ready, open the site, read its log, delete it", async ({
  signedIn: page,
  request,
}) => {
  const { chat } = await svc<{ chat: { id: string } }>(request, "POST", "/v2/chats", {
    message: "A tide clock for the harbour /fast",
  });
  const versionId = (await svc<V1Chat>(request, "GET", `/v1/chats/${chat.id}`)).latestVersion!.id;
  const index = (
    await svc<{ files: { path: string; content: string }[] }>(request, "GET", `/v2/chats/${chat.id}/files`)
  ).files.find((f) => f.path === "index.html")!;
  const titleText = /<title>([^<]*)<\/title>/.exec(index.content)?.[1];

  await page.goto(`/chats/${chat.id}`);
  await page.getByTestId("deploy-button").click();
  const dialog = page.getByTestId("deploy-dialog");
  // The latest completed version is chosen.
  await expect(dialog.locator(`[data-testid="deploy-version"][data-id="${versionId}"] input`)).toBeChecked();
  await dialog.getByTestId("deploy-submit").click();
  await expect(dialog).toBeHidden();

  // Where the action was: one toast says it is building, then that it is deployed, with the site's link.
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: /Deploying…|Deployed/ });
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText("Deploying…");
  await expect(toast).toContainText("Deployed", { timeout: 15_000 });
  const open = toast.getByTestId("deployed-open");
  const toastUrl = (await open.getAttribute("href"))!;
  expect(toastUrl).toMatch(/^http:\/\/.+\/svc\/hosting\/[^/]+\/$/);
  await expect(open).toHaveAttribute("target", "_blank");
  await page.screenshot({ path: `${SCREENS_DIR}/deployments-toast.png` });

  // Its "Details" opens the Details tab, which lists the deployment: ready, at the toast's URL.
  await toast.getByRole("button", { name: "Details" }).click();
  await expect(page.getByTestId("details-tab")).toHaveAttribute("aria-selected", "true");
  const section = page.getByTestId("deployments-section");
  const row = section.getByTestId("deployment-row");
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-status", "ready", { timeout: 15_000 });
  await expect(row.getByTestId("deployment-status")).toHaveText("ready");
  const deploymentId = (await row.getAttribute("data-id"))!;
  const url = (await row.getByTestId("deployment-url").textContent())!;
  expect(url).toMatch(new RegExp(`/svc/hosting/${deploymentId}/$`));
  expect(toastUrl).toBe(url);
  // The log was open while it built (it stays open); open it otherwise.
  if (!(await row.locator("details").evaluate((d: HTMLDetailsElement) => d.open)))
    await row.getByText("Build log").click();
  await expect(row.getByTestId("deployment-logs")).toContainText("Build completed");
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS_DIR}/deployments.png` });

  // Open: the site in a new tab, the version's index.html, sandboxed.
  const [site] = await Promise.all([page.context().waitForEvent("page"), row.getByTestId("open-deployment").click()]);
  await site.waitForLoadState();
  // (The dashboard's server drops the trailing slash; the service redirects to the index.)
  expect(site.url()).toBe(`${url}index.html`);
  if (titleText) await expect(site).toHaveTitle(titleText);
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-security-policy"]).toContain("sandbox");
  // The page as served: the files' own, with the preview's reporter script first (nonces are new per response).
  const served = async (r: Awaited<ReturnType<typeof request.get>>) =>
    (await r.text()).replace(/nonce="[^"]+"/g, 'nonce=""');
  const deployed = await served(res);
  expect(deployed).toContain(`<title>${titleText ?? ""}</title>`);
  await site.close();

  // A new version leaves the deployment as it was.
  await svc(request, "POST", `/v2/chats/${chat.id}/messages`, { message: "Add a moon phase /fast" });
  expect(await served(await request.get(url))).toBe(deployed);

  // Delete, after a confirmation: the row goes and the site answers 404.
  await row.getByTestId("delete-deployment").click();
  const confirm = page.getByTestId("delete-deployment-dialog");
  await expect(confirm).toContainText(url);
  await confirm.getByTestId("confirm-delete-deployment").click();
  await expect(page.getByText("Deployment deleted")).toBeVisible();
  await expect(section.getByTestId("deployments-empty")).toBeVisible();
  expect((await request.get(url)).status()).toBe(404);
});

test("deployments: a project's page lists its chats' deployments; a version without index.html fails with its reason", async ({
  signedIn: page,
  request,
}) => {
  const chat = await notesOnlyChat(request);
  const project = await svc<{ id: string }>(request, "POST", "/v1/projects", { name: "Harbour", chatIds: [chat.id] });
  await svc(request, "POST", "/v1/deployments", { chatId: chat.id, versionId: chat.latestVersion!.id });

  await page.goto(`/projects/${project.id}`);
  const row = page.getByTestId("deployments-section").getByTestId("deployment-row");
  await expect(row).toHaveAttribute("data-status", "error", { timeout: 15_000 });
  await expect(row.getByTestId("deployment-logs")).toContainText("no index.html");
  await expect(row.getByRole("alert")).toContainText("index.html");
  await expect(row.getByRole("link", { name: chat.id })).toBeVisible();
  await expect(row.getByTestId("open-deployment")).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS_DIR}/deployments-project.png` });
  // Later specs (projects.spec.ts) start from a server without projects.
  await svc(request, "DELETE", `/v1/projects/${project.id}`);
});

test("deployments: a failed deployment started from the chat says why and what to do, where Deploy was pressed", async ({
  signedIn: page,
  request,
}) => {
  const chat = await notesOnlyChat(request);
  await page.goto(`/chats/${chat.id}`);
  await page.getByTestId("deploy-button").click();
  await page.getByTestId("deploy-submit").click();
  await expect(page.getByTestId("deploy-dialog")).toBeHidden();

  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "The deployment failed" });
  await expect(toast).toBeVisible({ timeout: 15_000 });
  await expect(toast).toContainText("index.html");
  await expect(toast).toContainText("deploy again");
  await expect(toast.getByTestId("deployed-open")).toHaveCount(0);
  await toast.getByRole("button", { name: "Details" }).click();
  const row = page.getByTestId("deployments-section").getByTestId("deployment-row");
  await expect(row).toHaveAttribute("data-status", "error");
  await expect(row.getByTestId("deployment-logs")).toContainText("no index.html");
});
