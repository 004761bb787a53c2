import { SCREENS_DIR, expect, svc, test } from "./fixtures";

test("projects: create, add a chat, open it, remove it, rename, delete (the chat stays)", async ({
  signedIn: page,
  request,
}) => {
  // This spec starts from a server without projects (earlier specs delete theirs; a failed one may have left one).
  const existing = await svc<{ data: Array<{ id: string }> }>(request, "GET", "/v1/projects");
  for (const p of existing.data) await svc(request, "DELETE", `/v1/projects/${p.id}`);
  const { chat } = await svc<{ chat: { id: string } }>(request, "POST", "/v2/chats", {
    message: "A lighthouse keeper log /fast",
  });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByText("No projects yet")).toBeVisible();

  // Create: the name is required (the dialog says so and sends nothing), then it opens the new project.
  await page.getByTestId("new-project").click();
  const dialog = page.getByTestId("project-dialog");
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(dialog.getByTestId("field-error-project-name")).toContainText("Name");
  await dialog.getByLabel("Name").fill("Coastal apps");
  await dialog.getByLabel(/Description/).fill("Everything by the sea");
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(/\/projects\/prj_[^/]+$/);
  const projectId = decodeURIComponent(page.url().split("/").at(-1)!);
  await expect(page.getByTestId("project-name")).toHaveText("Coastal apps");
  await expect(page.getByText("No chats in this project yet")).toBeVisible();

  // Add the chat: it is listed with its title, and the service's v1 chat names the project.
  await page.getByTestId("add-chats").click();
  const add = page.getByTestId("add-chats-dialog");
  await add.getByRole("checkbox", { name: /Lighthouse keeper log/ }).check();
  await add.getByRole("button", { name: "Add 1 chat" }).click();
  const row = page.locator(`[data-testid="project-chat"][data-chat-id="${chat.id}"]`);
  await expect(row.getByRole("link")).toHaveText("Lighthouse keeper log");
  expect((await svc<{ projectId?: string }>(request, "GET", `/v1/chats/${chat.id}`)).projectId).toBe(projectId);
  await page.screenshot({ path: `${SCREENS_DIR}/project.png` });
  await row.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/chats/${chat.id}$`));

  // The chat's Details tab names its project and can take it out.
  await page.getByTestId("details-toggle").click();
  const picker = page.getByTestId("chat-project");
  await expect(picker).toHaveValue(projectId);
  await picker.selectOption({ label: "No project" });
  await expect(page.getByText("Removed from Coastal apps")).toBeVisible();
  expect((await svc<{ projectId?: string }>(request, "GET", `/v1/chats/${chat.id}`)).projectId).toBeUndefined();
  await picker.selectOption({ label: "Coastal apps" });
  await expect(page.getByText("Moved to Coastal apps")).toBeVisible();
  await page.goto(`/projects/${projectId}`);
  await expect(row.getByRole("link")).toHaveText("Lighthouse keeper log");

  // Remove it, rename the project, delete it: the chat is still there, outside any project.
  await page.getByRole("button", { name: "Remove Lighthouse keeper log from the project" }).click();
  await expect(page.getByText("No chats in this project yet")).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByTestId("project-dialog").getByLabel("Name").fill("Seaside apps");
  await page.getByTestId("project-dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("project-name")).toHaveText("Seaside apps");
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByTestId("delete-project-dialog").getByRole("button", { name: "Delete project" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByText("No projects yet")).toBeVisible();
  expect((await svc<{ projectId?: string }>(request, "GET", `/v1/chats/${chat.id}`)).projectId).toBeUndefined();
});
