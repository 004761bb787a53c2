import { mkdirSync } from "node:fs";
import { expect, svc, test } from "./fixtures";

type ChatAnswer = { chat: { id: string; title: string | null } };

/** Screenshots the task asks for, looked at by a person (light and dark). */
const SHOTS = process.env.ATTACH_SHOTS_DIR || "test-results/screens";

// A 24×24 PNG (a blue square with a white diagonal), pasted as a screenshot.
const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAg0lEQVR42q3ViQnAIAxA0b9MJ+v4HSIVBBGPmEOo1Bh5iK0REXneL/9Q2hWL+spbtF7Sog8yFkMctpiHYhbL0YDFLuG1UHIuCz1ttzjOMFpYJlksjCs/Wti3U7dwfWPFwvvj7SwCp2FpETuis0W4bgwWmWLWWyQrbLPIl/1qceUuKtYP2NNn3h3yjCQAAAAASUVORK5CYII=";

test("Attach a text file and a pasted screenshot to a follow-up: chips before sending, thumbnail and chip in the message", async ({
  signedIn: page,
  request,
}) => {
  // A long walk (three sets of screenshots in two themes) on a shared, busy machine.
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const { chat } = await svc<ChatAnswer>(request, "POST", "/v2/chats", { message: "A plant watering log /fast" });
  await page.goto(`/chats/${encodeURIComponent(chat.id)}`);
  const box = page.getByRole("textbox", { name: "Message the agent" });
  await expect(box).toBeEditable();

  await page.getByLabel("Attach files").setInputFiles({
    name: "plants.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Fern: every 3 days\nCactus: every 3 weeks\n"),
  });
  // A screenshot pasted into the box (a clipboard holding an image file).
  await box.evaluate((el, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], "image.png", { type: "image/png" }));
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, PNG_BASE64);

  const pending = page.getByRole("list", { name: "Attachments to send" });
  await expect(pending.getByText("plants.txt")).toBeVisible();
  await expect(pending.getByText(/^screenshot-.*\.png$/)).toBeVisible();
  await expect(pending.locator("img")).toHaveCount(1);

  // Too many files: explained before sending, and the send button waits; removing them makes it send again.
  await page.getByLabel("Attach files").setInputFiles(
    Array.from({ length: 9 }, (_, i) => ({
      name: `extra-${i}.txt`,
      mimeType: "text/plain",
      buffer: Buffer.from("x"),
    })),
  );
  await box.fill("Use my notes and the screenshot");
  await expect(
    page.getByRole("alert").filter({ hasText: "At most 10 attachments per message: remove 1." }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
  for (let i = 0; i < 9; i++) await pending.getByRole("button", { name: `Remove extra-${i}.txt` }).click();
  await expect(page.getByRole("alert").filter({ hasText: "At most" })).toHaveCount(0);

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page
      .locator("form")
      .filter({ has: page.getByTestId("composer") })
      .screenshot({
        path: `${SHOTS}/composer-attachments-${scheme}.png`,
      });
  }
  await page.emulateMedia({ colorScheme: "light" });

  await page.getByRole("button", { name: "Send" }).click();
  await expect(pending).toHaveCount(0);
  const message = page.locator('[data-role="user"]').filter({ hasText: "Use my notes and the screenshot" });
  const attachments = message.getByRole("list", { name: "Attachments" });
  await expect(attachments.getByRole("link", { name: "plants.txt" })).toBeVisible();
  const thumb = attachments.getByRole("button", { name: /^Open screenshot-.*\.png full size$/ });
  await expect(thumb).toBeVisible();
  // The thumbnail is loaded (from the service's URL, without the key).
  await expect
    .poll(() => thumb.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(24);
  // The scripted agent names both.
  await expect(page.getByText("I read both attachments of your message")).toBeVisible();

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await message.screenshot({ path: `${SHOTS}/message-attachments-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });

  await thumb.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("img")).toBeVisible();
  await expect(dialog.getByRole("heading")).toHaveText(/^screenshot-.*\.png$/);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SHOTS}/attachment-dialog-${scheme}.png` });
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // The text file's URL downloads it; the service says so and sniffs nothing.
  const href = (await attachments.getByRole("link", { name: "plants.txt" }).getAttribute("href"))!;
  const res = await request.get(href);
  expect(res.status()).toBe(200);
  expect(await res.text()).toBe("Fern: every 3 days\nCactus: every 3 weeks\n");
  expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="plants.txt"/);
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
});
