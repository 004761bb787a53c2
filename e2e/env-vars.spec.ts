import { SCREENS_DIR, expect, svc, test } from "./fixtures";

type EnvList = { data: { id: string; key: string; value: string }[] };

test("Environment variables of a project: add several from a .env block, reveal one, delete with a confirmation", async ({
  signedIn: page,
  request,
}) => {
  const project = await svc<{ id: string }>(request, "POST", "/v1/projects", { name: "Env vars project" });
  await page.goto(`/projects/${encodeURIComponent(project.id)}`);
  const section = page.getByTestId("env-vars-section");
  await expect(section.getByRole("heading", { name: /Environment variables/ })).toBeVisible();
  await section
    .getByLabel("Add variables")
    .fill('# pasted\nexport DATABASE_URL="postgres://db.internal/app"\nAPI_TOKEN=tok_live_e2e_4821\n');
  await section.getByRole("button", { name: "Add" }).click();
  const rows = section.getByTestId("env-var-row");
  await expect(rows).toHaveCount(2);
  // Masked until revealed.
  await expect(section).not.toContainText("tok_live_e2e_4821");
  const token = rows.filter({ hasText: "API_TOKEN" });
  await expect(token.getByTestId("env-var-value")).toHaveText("••••••••");

  await page.emulateMedia({ colorScheme: "light" });
  await section.screenshot({ path: `${SCREENS_DIR}/env-vars-light.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await section.screenshot({ path: `${SCREENS_DIR}/env-vars-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });

  await token.getByRole("button", { name: "Reveal API_TOKEN" }).click();
  await expect(token.getByTestId("env-var-value")).toHaveText("tok_live_e2e_4821");
  await token.getByRole("button", { name: "Hide API_TOKEN" }).click();
  await expect(token.getByTestId("env-var-value")).toHaveText("••••••••");

  await token.getByRole("button", { name: "Delete API_TOKEN" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete environment variable?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  const stored = await svc<EnvList>(request, "GET", `/v1/projects/${project.id}/env-vars?decrypted=true`);
  expect(stored.data.map((v) => [v.key, v.value])).toEqual([["DATABASE_URL", "postgres://db.internal/app"]]);
});
