import { SCREENS_DIR, expect, svc, test } from "./fixtures";

type ChatAnswer = { chat: { id: string; title: string | null } };

test("rename a chat in its header: Enter saves, Esc cancels; the lists and a reload agree", async ({
  signedIn: page,
  request,
}) => {
  const { chat } = await svc<ChatAnswer>(request, "POST", "/v2/chats", { message: "A lighthouse log /fast" });
  await page.goto(`/chats/${encodeURIComponent(chat.id)}`);
  const title = page.getByTestId("chat-title");
  await expect(title).toHaveText(chat.title!);

  // Esc leaves the title as it was and sends nothing.
  await page.getByTestId("chat-rename").click();
  const input = page.getByTestId("chat-title-input");
  await expect(input).toBeFocused();
  await expect(input).toHaveValue(chat.title!);
  await input.fill("Not this one");
  await input.press("Escape");
  await expect(title).toHaveText(chat.title!);

  await page.getByTestId("chat-rename").click();
  await input.fill("Keeper's log");
  await input.press("Enter");
  await expect(title).toHaveText("Keeper's log");
  await expect(
    page.getByRole("list", { name: "Recent chats" }).getByRole("link", { name: "Keeper's log" }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/Keeper's log/);
  await page.screenshot({ path: `${SCREENS_DIR}/chat-renamed.png` });

  const stored = await svc<{ title: string }>(request, "GET", `/v2/chats/${chat.id}`);
  expect(stored.title).toBe("Keeper's log");
  await page.reload();
  await expect(title).toHaveText("Keeper's log");
});

test("privacy and metadata from the Details tab", async ({ signedIn: page, request }) => {
  const { chat } = await svc<ChatAnswer>(request, "POST", "/v2/chats", {
    message: "A tide calendar /fast",
    metadata: { team: "harbour" },
  });
  await page.goto(`/chats/${encodeURIComponent(chat.id)}?tab=details`);
  const privacy = page.getByTestId("chat-privacy");
  await expect(privacy).toHaveValue("private");
  await privacy.selectOption("team");
  await expect(page.locator("header").getByText("team", { exact: true })).toBeVisible();

  const metadata = page.getByTestId("chat-metadata");
  await expect(metadata).toContainText("team: harbour");
  await metadata.getByLabel("Metadata key").fill("stage");
  await metadata.getByLabel("Metadata value").fill("beta");
  await metadata.getByLabel("Metadata value").press("Enter");
  await expect(metadata).toContainText("stage: beta");
  await metadata.getByRole("button", { name: "Remove team" }).click();
  await expect(metadata).not.toContainText("team: harbour");
  await page.screenshot({ path: `${SCREENS_DIR}/chat-details-settings.png` });

  const stored = await svc<{ privacy: string; metadata: Record<string, string> }>(
    request,
    "GET",
    `/v2/chats/${chat.id}`,
  );
  expect(stored.privacy).toBe("team");
  expect(stored.metadata).toEqual({ stage: "beta" });
});

test("instructions given with a new chat reach the agent and show in Details", async ({ signedIn: page }) => {
  const form = page.getByTestId("new-chat-form");
  await form.getByTestId("add-instructions").click();
  await form.getByTestId("instructions").fill("Use plain CSS only.\nNo frameworks.");
  await form.getByTestId("composer").fill("A tide gauge /fast");
  await form.getByTestId("composer").press("Enter");
  await expect(page).toHaveURL(/\/chats\/[^/?]+$/);
  const assistant = page.locator('[data-testid="message"][data-role="assistant"]');
  await expect(assistant).not.toHaveAttribute("data-streaming", "true", { timeout: 30_000 });
  await page.getByTestId("details-tab").click();
  await expect(page.getByTestId("chat-instructions")).toHaveText("Use plain CSS only.\nNo frameworks.");
});
