import { SCREENS_DIR, expect, svc, test } from "./fixtures";

/**
 * Deployments against a service that follows the v1 document (the `reference` project only): its list needs both
 * `chatId` and `versionId`, so the chat's Details gathers its deployments version by version, and a project's page
 * says where to find them instead of showing an error.
 */

interface V1Chat {
  id: string;
  latestVersion?: { id: string };
}

test("a chat's deployments are listed per version; a project's page points to its chats", async ({
  signedIn: page,
  request,
}) => {
  const chat = await svc<V1Chat>(request, "POST", "/v1/chats", {
    type: "files",
    files: [{ name: "index.html", content: "<h1>Reference site</h1>" }],
    initialContext: "A one-page site",
  });
  const deployment = await svc<{ id: string }>(request, "POST", "/v1/deployments", {
    chatId: chat.id,
    versionId: chat.latestVersion!.id,
  });
  const project = await svc<{ id: string }>(request, "POST", "/v1/projects", { name: "Reference", chatIds: [chat.id] });
  try {
    await page.goto(`/chats/${chat.id}`);
    await page.getByTestId("details-toggle").click();
    const section = page.getByTestId("deployments-section");
    const row = section.getByTestId("deployment-row");
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute("data-id", deployment.id);
    await expect(section.getByRole("alert")).toHaveCount(0);

    await page.goto(`/projects/${project.id}`);
    const projectSection = page.getByTestId("deployments-section");
    await expect(projectSection.getByTestId("deployments-per-chat")).toBeVisible();
    await expect(projectSection.getByRole("alert")).toHaveCount(0);
    await projectSection.screenshot({ path: `${SCREENS_DIR}/reference-deployments-project.png` });
  } finally {
    await svc(request, "DELETE", `/v1/deployments/${deployment.id}`);
    await svc(request, "DELETE", `/v1/projects/${project.id}`);
  }
});
